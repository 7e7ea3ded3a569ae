import tensorflow.compat.v1 as tf


class root_reader():
    """Reads the spark-chamber event dumps (comma separated "branches", one event per line)."""

    @staticmethod
    def slice_and_reshape(start, size, shape=None):
        if shape == None:
            return lambda tensor: tensor[:, start:start + size]
        else:
            return lambda tensor: tf.transpose(tf.reshape(tensor[:, start:start + size], shape=shape), perm=[0, 2, 1])

    def __init__(self,
        queue,
        feature_dict,
        treename,
        batch=1,
        naninf=0
    ):
        self._queue = queue
        self._feature_dict = feature_dict
        self._treename = treename
        self._batch = batch
        self._naninf = naninf

        self._branch_list = []
        self._output_formatters = {}
        index = 0
        for feature_name in sorted(self._feature_dict.keys()):
            feature_values = self._feature_dict[feature_name]
            if not isinstance(feature_values, dict):
                self._branch_list.extend(feature_values)
                self._output_formatters[feature_name] = root_reader.slice_and_reshape(index, len(feature_values))
                index += len(feature_values)
            else:
                # "max" hits of several branches each: [batch, max, nbranches] after the transpose
                for branch_name in feature_values["branches"]:
                    self._branch_list.extend([branch_name + "[%d]" % i for i in range(feature_values["max"])])
                size = len(feature_values["branches"]) * feature_values["max"]
                self._output_formatters[feature_name] = root_reader.slice_and_reshape(
                    index, size, [-1, len(feature_values["branches"]), feature_values["max"]])
                index += size
        self._num_branches = index

    def raw(self):
        reader = tf.TextLineReader(name=self._treename)
        _, lines = reader.read_up_to(self._queue, self._batch)
        columns = tf.decode_csv(lines, record_defaults=[[0.]] * self._num_branches)
        result = tf.stack(columns, axis=1)
        result = tf.where(tf.is_nan(result), self._naninf * tf.ones_like(result), result)
        return result

    def batch(self):
        result = self.raw()
        return {name: fmt(result) for name, fmt in self._output_formatters.items()}

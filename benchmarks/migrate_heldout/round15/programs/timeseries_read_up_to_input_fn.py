"""Time-series regression input in the shape of the Cloud ML "sequence" samples: `read_dataset(pattern, mode)`
returns an `_input_fn` closure; the files come from `match_filenames_once(pattern)` into a shuffled
`string_input_producer`; `read_up_to` reads a whole batch of lines, which are decoded with `decode_csv` on an
expanded column; there is **no batch call** (the reader's `read_up_to` is the batch). Written for TF1 and kept
running on TF2 by `tf.disable_v2_behavior()` at import, as such code usually is (the producer needs the
reference variable `match_filenames_once` makes under TF1 behaviour).
"""

import os

import tensorflow.compat.v1 as tf

tf.disable_v2_behavior()

SEQ_LEN = 3
DEFAULTS = [[0.0] for _ in range(SEQ_LEN)]
BATCH_SIZE = 20
N_OUTPUTS = 1
TIMESERIES_COL = "rawdata"


class ModeKeys(object):
    TRAIN = "train"
    EVAL = "eval"


def read_dataset(filename, mode=ModeKeys.TRAIN):
    def _input_fn():
        num_epochs = 100 if mode == ModeKeys.TRAIN else 1

        # could be a path to one file or a file pattern.
        input_file_names = tf.train.match_filenames_once(filename)

        filename_queue = tf.train.string_input_producer(
            input_file_names, num_epochs=num_epochs, shuffle=True, seed=3)
        reader = tf.TextLineReader(skip_header_lines=1)
        _, value = reader.read_up_to(filename_queue, num_records=BATCH_SIZE)

        value_column = tf.expand_dims(value, -1)

        # all_data is a list of tensors
        all_data = tf.decode_csv(value_column, record_defaults=DEFAULTS)
        inputs = all_data[:len(all_data) - N_OUTPUTS]  # first few values
        label = all_data[len(all_data) - N_OUTPUTS:]  # last few values

        # from list of tensors to tensor with one more dimension
        inputs = tf.concat(inputs, axis=1)
        label = tf.concat(label, axis=1)
        return {TIMESERIES_COL: inputs}, label

    return _input_fn


def main(data_dir):
    eval_input_fn = read_dataset(os.path.join(data_dir, "table-*.csv"), mode=ModeKeys.EVAL)
    features, label = eval_input_fn()
    batches, end = [], None
    with tf.Session() as sess:
        sess.run([tf.global_variables_initializer(), tf.local_variables_initializer()])
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while not coord.should_stop():
                x, y = sess.run([features[TIMESERIES_COL], label])
                batches.append([x.tolist(), y[:, 0].tolist()])
        except tf.errors.OutOfRangeError:
            end = "OutOfRangeError"
        finally:
            coord.request_stop()
            coord.join(threads)
    return {"batches": batches, "end": end}

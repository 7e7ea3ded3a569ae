"""Character-level CNN input (AG News CSV): chars split with string_split(delimiter=''), quantized by a
StaticHashTable over the alphabet, padded to a fixed length, shuffle_batch with two threads."""
import os

import tensorflow.compat.v1 as tf

ALPHABET = "abcdefghijklmnopqrstuvwxyz0123456789 ,.!?'"


class CharCNNConfig(object):
    alphabet = ALPHABET
    l0 = 16
    batch_size = 4
    num_epochs = 1
    num_threads = 2
    min_after_dequeue = 4


TITLES = ["Wall St. bears claw back", "Oil prices soar", "Stocks end flat", "New probe finds water",
          "Team wins final", "Chip maker cuts jobs", "Rain delays match", "Phone sales rise",
          "Rocket launch set", "Coach quits club", "Bank rates hold", "Comet seen again"]


def write_data(root):
    os.makedirs(root, exist_ok=True)
    paths = []
    for shard in range(2):
        path = os.path.join(root, 'train_%d.csv' % shard)
        with open(path, 'w') as f:
            for i in range(6):
                n = shard * 6 + i
                f.write('"%d","%s","Story %d, part %d!"\n' % (n % 4 + 1, TITLES[n], n, shard))
        paths.append(path)
    return paths


class AGNewsData(object):
    def __init__(self, data_source, config):
        self.data_source = data_source
        self.config = config
        keys = tf.constant(list(config.alphabet))
        values = tf.constant(list(range(1, len(config.alphabet) + 1)), dtype=tf.int64)
        self.table = tf.lookup.StaticHashTable(
            tf.lookup.KeyValueTensorInitializer(keys, values), default_value=0)

    def quantize(self, text):
        chars = tf.string_split([tf.strings.lower(text)], delimiter='').values
        ids = self.table.lookup(chars)[:self.config.l0]
        ids = tf.pad(ids, [[0, self.config.l0 - tf.shape(ids)[0]]])
        ids.set_shape([self.config.l0])
        return ids

    def get_batch(self):
        filename_queue = tf.train.string_input_producer(
            self.data_source, num_epochs=self.config.num_epochs, shuffle=False)
        reader = tf.TextLineReader()
        _, line = reader.read(filename_queue)
        label, title, description = tf.decode_csv(line, record_defaults=[[0], [''], ['']])
        text = tf.string_join([title, description], separator=' ')
        x = self.quantize(text)
        y = label - 1
        return tf.train.shuffle_batch(
            [x, y], batch_size=self.config.batch_size,
            capacity=self.config.min_after_dequeue + 3 * self.config.batch_size,
            min_after_dequeue=self.config.min_after_dequeue, num_threads=self.config.num_threads)


def main(data_dir):
    config = CharCNNConfig()
    files = write_data(os.path.join(data_dir, 'h25_agnews_charcnn_static_hash_table_quantize'))
    data = AGNewsData(files, config)
    x_batch, y_batch = data.get_batch()
    x_onehot = tf.one_hot(x_batch, len(config.alphabet) + 1)
    active = tf.reduce_sum(tf.cast(tf.reduce_max(x_onehot[:, :, 1:], axis=2) > 0, tf.int32), axis=1)

    batches, end = [], None
    with tf.Session() as sess:
        sess.run([tf.global_variables_initializer(), tf.local_variables_initializer(),
                  tf.tables_initializer()])
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while not coord.should_stop():
                xs, ys, n = sess.run([x_batch, y_batch, active])
                batches.append([xs.tolist(), ys.tolist(), n.tolist()])
        except tf.errors.OutOfRangeError:
            end = 'OutOfRangeError'
        finally:
            coord.request_stop()
        coord.join(threads)
    return {'batches': batches, 'end': end}

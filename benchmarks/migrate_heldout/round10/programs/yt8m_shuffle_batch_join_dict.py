"""YouTube-8M training input shape: a pipeline class with a config object makes one filename queue, several
readers of another module's reader class on it, and `shuffle_batch_join` over their dicts (dict batches,
`allow_smaller_final_batch`); Session + Coordinator loop with `coord.should_stop()`."""

import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import tensorflow.compat.v1 as tf

from tfr_lib import readers


class Config(object):
    def __init__(self, data_dir):
        self.train_data_pattern = os.path.join(data_dir, "records-*.tfrecord")
        self.batch_size = 30
        self.num_readers = 3
        self.num_epochs = 2
        self.feature_names = "x"
        self.feature_sizes = "3"


class InputPipeline(object):
    def __init__(self, config, phase_train=True):
        self.config = config
        self.phase_train = phase_train
        self.reader = self.get_reader()

    def get_reader(self):
        names = [n.strip() for n in self.config.feature_names.split(",")]
        sizes = [int(s) for s in self.config.feature_sizes.split(",")]
        return readers.RecordFeatureReader(feature_names=names, feature_sizes=sizes)

    def get_input_data_tensors(self):
        with tf.name_scope("train_input"):
            files = sorted(tf.gfile.Glob(self.config.train_data_pattern))
            if not files:
                raise IOError("Unable to find training files. data_pattern='%s'." % self.config.train_data_pattern)
            filename_queue = tf.train.string_input_producer(files, num_epochs=self.config.num_epochs,
                                                            shuffle=True, seed=17)
            data = [self.reader.prepare_reader(filename_queue) for _ in range(self.config.num_readers)]
            if self.phase_train:
                return tf.train.shuffle_batch_join(
                    data, batch_size=self.config.batch_size, capacity=self.config.batch_size * 5,
                    min_after_dequeue=self.config.batch_size, allow_smaller_final_batch=True, seed=19)
            return tf.train.batch_join(data, batch_size=self.config.batch_size,
                                       capacity=3 * self.config.batch_size, allow_smaller_final_batch=True)


def main(data_dir):
    pipeline = InputPipeline(Config(data_dir))
    batch = pipeline.get_input_data_tensors()
    mean_feature = tf.reduce_mean(batch["features"])
    batches = []
    end = None
    sess = tf.Session()
    sess.run([tf.global_variables_initializer(), tf.local_variables_initializer()])
    coord = tf.train.Coordinator()
    threads = tf.train.start_queue_runners(sess=sess, coord=coord)
    try:
        while not coord.should_stop():
            values, _ = sess.run([batch, mean_feature])
            batches.append({k: v.tolist() for k, v in values.items()})
    except tf.errors.OutOfRangeError:
        end = "OutOfRangeError"
    finally:
        coord.request_stop()
    coord.join(threads)
    sess.close()
    return {"batches": batches, "end": end}

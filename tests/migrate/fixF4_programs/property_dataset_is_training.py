"""An input pipeline keeping its data set behind a property (``dataset = self.dataset``, ``self._dataset``), its
flag a constructor argument (``self._is_training``), one reader in evaluation (``readers if training else 1``):
made here for evaluation, with one parse copy, so the rows come in order."""
import tensorflow.compat.v1 as tf

from f4_lib.shards import Shards


class Pipeline(object):

    def __init__(self, dataset, is_training, batch_size):
        self._dataset = dataset
        self._is_training = is_training
        self._batch_size = batch_size

    @property
    def dataset(self):
        return self._dataset

    def parse(self, serialized):
        features = tf.parse_single_example(serialized, {
            "x": tf.FixedLenFeature([3], dtype=tf.float32),
            "label": tf.FixedLenFeature([], dtype=tf.int64, default_value=-1)})
        return {"x": features["x"], "twice": features["label"] * 2}

    def inputs(self, readers=2, threads=1):
        return self.batch_inputs(self._batch_size, self._is_training, threads,
                                 num_readers=readers if self._is_training else 1)

    def batch_inputs(self, batch_size, is_training, num_threads, num_readers=1):
        dataset = self.dataset
        data_files = dataset.data_files()
        if is_training:
            filename_queue = tf.train.string_input_producer(data_files, shuffle=True, seed=3, num_epochs=1)
        else:
            filename_queue = tf.train.string_input_producer(data_files, shuffle=False, capacity=1, num_epochs=1)
        if num_readers is None:
            num_readers = 2
        per_shard = dataset.examples_per_shard()
        if is_training:
            examples_queue = tf.RandomShuffleQueue(capacity=per_shard + 3 * batch_size, min_after_dequeue=per_shard,
                                                   dtypes=[tf.string], seed=3)
        else:
            examples_queue = tf.FIFOQueue(capacity=per_shard + 3 * batch_size, dtypes=[tf.string])
        if num_readers > 1:
            enqueue_ops = []
            for _ in range(num_readers):
                reader = dataset.reader()
                _, value = reader.read(filename_queue)
                enqueue_ops.append(examples_queue.enqueue([value]))
            tf.train.queue_runner.add_queue_runner(tf.train.queue_runner.QueueRunner(examples_queue, enqueue_ops))
            example_serialized = examples_queue.dequeue()
        else:
            reader = dataset.reader()
            _, example_serialized = reader.read(filename_queue)
        examples = []
        for _ in range(num_threads):
            examples.append(self.parse(example_serialized))
        return tf.train.batch_join(examples, batch_size=batch_size, capacity=2 * num_threads * batch_size,
                                   allow_smaller_final_batch=True)


def main(data_dir):
    batch = Pipeline(Shards(data_dir), False, 4).inputs()
    batches = []
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while True:
                got = sess.run(batch)
                batches.append([got["x"].tolist(), got["twice"].tolist()])
        except tf.errors.OutOfRangeError:
            pass
        coord.request_stop()
        coord.join(threads)
    return {"batches": batches, "end": "OutOfRangeError"}

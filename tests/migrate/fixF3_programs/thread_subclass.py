"""An input object that is a ``threading.Thread`` subclass (never started: ``run`` only reports) and an
``abc.ABC`` one, spelled through ``import tensorflow as tf`` and ``tf.compat.v1``: the known bases read none of
the queue's attributes."""

import abc
import threading

import tensorflow as tf

v1 = tf.compat.v1


class Named(abc.ABC):

    @abc.abstractmethod
    def next_examples(self):
        raise NotImplementedError


class ThreadInput(threading.Thread):

    def __init__(self, data_dir, capacity=30):
        threading.Thread.__init__(self, daemon=True)
        files = sorted(tf.io.gfile.glob(data_dir + "/records-*.tfrecord"))
        filename_queue = v1.train.string_input_producer(files, num_epochs=1, shuffle=False)
        reader = v1.TFRecordReader()
        _, record = reader.read(filename_queue)
        parsed = v1.parse_single_example(record, {"x": v1.FixedLenFeature([3], tf.float32),
                                                  "label": v1.FixedLenFeature([], tf.int64)})
        self.queue = v1.FIFOQueue(capacity, [tf.float32, tf.int64], shapes=[[3], []])
        enqueue_op = self.queue.enqueue([parsed["x"], parsed["label"] + 1])
        v1.train.add_queue_runner(v1.train.QueueRunner(self.queue, [enqueue_op]))

    def run(self):
        print("never started")

    def next_examples(self):
        return self.queue.dequeue_many(12)


def main(data_dir):
    xs, labels = ThreadInput(data_dir).next_examples()  # 180 records: 15 batches
    batches = []
    end = None
    with v1.Session() as sess:
        sess.run(v1.local_variables_initializer())
        coord = v1.train.Coordinator()
        threads = v1.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while not coord.should_stop():
                x, label = sess.run([xs, labels])
                batches.append([x.tolist(), label.tolist()])
        except tf.errors.OutOfRangeError:
            end = "OutOfRangeError"
        finally:
            coord.request_stop()
            coord.join(threads)
    return {"batches": batches, "end": end}

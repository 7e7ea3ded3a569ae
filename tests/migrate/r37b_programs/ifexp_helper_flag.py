"""slim's ``parallel_read`` written out in a helper whose common queue is a conditional expression on its
``shuffle`` parameter, called once with a module flag (kept as the chain's ``if``); imports by name."""
import os

from tensorflow.compat.v1 import FIFOQueue, RandomShuffleQueue, Session, TFRecordReader, errors, python_io
from tensorflow.compat.v1 import local_variables_initializer, reshape, string, strings, train

SHUFFLE_RECORDS = True


def write(folder):
    paths = []
    for s in range(4):
        path = os.path.join(folder, "shard-%d.tfrecords" % s)
        with python_io.TFRecordWriter(path) as w:
            for i in range(3):
                w.write(("%d" % (s * 3 + i)).encode())
        paths.append(path)
    return paths


def parallel_read(data_sources, shuffle, num_readers=2, capacity=12):
    filename_queue = train.string_input_producer(data_sources, num_epochs=1, shuffle=shuffle)
    common_queue = RandomShuffleQueue(capacity=capacity, min_after_dequeue=3, dtypes=[string]) if shuffle \
        else FIFOQueue(capacity=capacity, dtypes=[string])
    enqueue_ops = []
    for _ in range(num_readers):
        reader = TFRecordReader()
        _, value = reader.read(filename_queue)
        enqueue_ops.append(common_queue.enqueue([value]))
    train.queue_runner.add_queue_runner(train.queue_runner.QueueRunner(common_queue, enqueue_ops))
    return common_queue.dequeue()


def main(data_dir):
    folder = os.path.join(data_dir, "r37b_ifexp_helper")
    os.makedirs(folder, exist_ok=True)
    serialized = parallel_read(write(folder), SHUFFLE_RECORDS, num_readers=3)
    value = reshape(strings.to_number(serialized, out_type="int64"), [])
    batch = train.batch([value], batch_size=3)
    batches = []
    with Session() as sess:
        sess.run(local_variables_initializer())
        coord = train.Coordinator()
        threads = train.start_queue_runners(sess=sess, coord=coord)
        try:
            while True:
                batches.append([sess.run(batch).tolist()])
        except errors.OutOfRangeError:
            pass
        coord.request_stop()
        coord.join(threads)
    return {"batches": batches, "end": "OutOfRangeError"}

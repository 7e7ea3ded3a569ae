"""`import tensorflow.compat.v1 as tf`: the reader made by a statement of the caller and handed by keyword, two
calls (train and eval: each its own reader); `tf.RandomShuffleQueue`, `tf.train.add_queue_runner`; three reads of
the one reader per loop turn count."""
import os

import tensorflow.compat.v1 as tf


def build_inputs(file_names, batch_size, reader=None, threads=3):
    files = tf.train.string_input_producer(file_names, shuffle=False, num_epochs=1)
    queue = tf.RandomShuffleQueue(capacity=50, min_after_dequeue=3, dtypes=[tf.string])
    ops = []
    for _ in range(threads):
        _, value = reader.read(files)
        ops.append(queue.enqueue([value]))
    tf.train.add_queue_runner(tf.train.QueueRunner(queue, ops))
    rows = []
    for _ in range(2):
        parsed = tf.parse_single_example(queue.dequeue(), {"id": tf.FixedLenFeature([], tf.int64)})
        rows.append([parsed["id"], parsed["id"] * 10])
    return tf.train.batch_join(rows, batch_size=batch_size)


def write(folder, first, count):
    os.makedirs(folder, exist_ok=True)
    names = []
    for shard in range(2):
        name = os.path.join(folder, "part-%d" % shard)
        with tf.python_io.TFRecordWriter(name) as w:
            for i in range(count):
                k = first + shard * count + i
                w.write(tf.train.Example(features=tf.train.Features(feature={
                    "id": tf.train.Feature(int64_list=tf.train.Int64List(value=[k]))})).SerializeToString())
        names.append(name)
    return names


def main(data_dir):
    train_reader = tf.TFRecordReader()
    train = build_inputs(write(os.path.join(data_dir, "fixk_train"), 0, 4), 4, reader=train_reader)
    eval_reader = tf.TFRecordReader()
    evals = build_inputs(write(os.path.join(data_dir, "fixk_eval"), 100, 2), 2, reader=eval_reader, threads=2)
    batches = []
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        for ops in (train, evals):
            try:
                while True:
                    a, b = sess.run(ops)
                    batches.append([a.tolist(), b.tolist()])
            except tf.errors.OutOfRangeError:
                pass
        coord.request_stop()
        coord.join(threads)
    return {"batches": batches, "end": "rows: %d" % sum(len(b[0]) for b in batches)}

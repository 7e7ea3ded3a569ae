"""A reader instance made by the caller and handed to the helper, read by k enqueue ops of one loop (one reader's
stream read by k threads: cycle_length 1), a `tf.queue.RandomShuffleQueue` of serialized records, its runner added
by `tf.compat.v1.train.queue_runner.add_queue_runner`, a dequeue per preprocessing copy into `batch_join`."""
import os

import tensorflow as tf


def build_inputs(file_names, reader, min_queue_examples, num_reader_threads, num_preprocess_threads, batch_size):
    shard_queue = tf.compat.v1.train.string_input_producer(file_names, capacity=6, shuffle=True, num_epochs=1)
    capacity = min_queue_examples + 100 * batch_size
    values_queue = tf.queue.RandomShuffleQueue(dtypes=[tf.string], min_after_dequeue=min_queue_examples,
                                               capacity=capacity, name="random_values_queue")
    enqueue_ops = []
    for _ in range(num_reader_threads):
        _, value = reader.read(shard_queue)
        enqueue_ops.append(values_queue.enqueue([value]))
    tf.compat.v1.train.queue_runner.add_queue_runner(
        tf.compat.v1.train.queue_runner.QueueRunner(values_queue, enqueue_ops))
    rows = []
    for thread_id in range(num_preprocess_threads):
        serialized = values_queue.dequeue()
        parsed = tf.compat.v1.parse_single_example(serialized, features={
            "id": tf.compat.v1.FixedLenFeature([], tf.int64),
            "depth": tf.compat.v1.FixedLenFeature([], tf.float32),
        })
        rows.append([parsed["id"], parsed["depth"] * 2.0])
    return tf.compat.v1.train.batch_join(rows, batch_size=batch_size, capacity=2 * num_preprocess_threads * batch_size)


def write_shards(out, shards=3, per=4):
    os.makedirs(out, exist_ok=True)
    names = []
    for shard in range(shards):
        name = os.path.join(out, "rec-%05d" % shard)
        with tf.io.TFRecordWriter(name) as w:
            for i in range(per):
                k = shard * per + i
                w.write(tf.train.Example(features=tf.train.Features(feature={
                    "id": tf.train.Feature(int64_list=tf.train.Int64List(value=[k])),
                    "depth": tf.train.Feature(float_list=tf.train.FloatList(value=[1.5 + 0.5 * k])),
                })).SerializeToString())
        names.append(name)
    return names


def main(data_dir):
    files = write_shards(os.path.join(data_dir, "fixk_instance"))
    ids, depths = build_inputs(files, tf.compat.v1.TFRecordReader(), min_queue_examples=2, num_reader_threads=2,
                               num_preprocess_threads=2, batch_size=4)
    batches = []
    sess = tf.compat.v1.Session()
    sess.run(tf.compat.v1.local_variables_initializer())
    coord = tf.compat.v1.train.Coordinator()
    threads = tf.compat.v1.train.start_queue_runners(sess=sess, coord=coord)
    try:
        while not coord.should_stop():
            i, d = sess.run([ids, depths])
            batches.append([i.tolist(), [round(float(x), 4) for x in d]])
    except tf.errors.OutOfRangeError:
        pass
    finally:
        coord.request_stop()
        coord.join(threads)
    sess.close()
    return {"batches": batches, "end": "records: %d" % sum(len(b[0]) for b in batches)}

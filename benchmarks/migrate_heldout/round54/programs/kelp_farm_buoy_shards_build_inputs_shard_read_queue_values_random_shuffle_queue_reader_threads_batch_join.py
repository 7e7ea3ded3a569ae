import os

import tensorflow as tf


#Input pipeline implementation.
def build_inputs(file_names, reader, min_queue_examples, num_reader_threads, num_preprocess_threads, batch_size):

    shard_read_queue = tf.compat.v1.train.string_input_producer(
        file_names, capacity=6, shuffle=True, num_epochs=1) #allow network to see at max any 6 shards at once

    #NOTE: Parallel dequeuing may cause no. of records in values_queue to go below min_queue_examples. Deque ops
    #will be blocked in such case, so allow up to 100 extra batches to be enqueued in values_queue.
    capacity = min_queue_examples + 100 * batch_size

    values_queue = tf.queue.RandomShuffleQueue(
        dtypes=[tf.string],
        min_after_dequeue=min_queue_examples,
        capacity=capacity,
        name="random_values_queue")

    enqueue_ops = []
    for _ in range(num_reader_threads):
        _, value = reader.read(shard_read_queue)
        enqueue_ops.append(values_queue.enqueue([value]))
    tf.compat.v1.train.queue_runner.add_queue_runner(
        tf.compat.v1.train.queue_runner.QueueRunner(values_queue, enqueue_ops))

    buoy_list = []
    for thread_id in range(num_preprocess_threads):
        serialized = values_queue.dequeue()
        parsed = tf.compat.v1.parse_single_example(serialized, features={
            "buoy/id": tf.compat.v1.FixedLenFeature([], tf.int64),
            "buoy/depth_m": tf.compat.v1.FixedLenFeature([], tf.float32),
            "buoy/temps": tf.compat.v1.FixedLenFeature([3], tf.float32),
        })
        buoy_list.append([parsed["buoy/id"], parsed["buoy/depth_m"], tf.reduce_mean(parsed["buoy/temps"])])

    queue_capacity = (2 * num_preprocess_threads * batch_size)
    ids, depths, mean_temps = tf.compat.v1.train.batch_join(buoy_list, batch_size=batch_size,
                                                        capacity=queue_capacity)
    return ids, depths, mean_temps


def _write_shards(out):
    names = []
    for shard in range(3):
        name = os.path.join(out, "buoys-%05d-of-00003" % shard)
        with tf.compat.v1.python_io.TFRecordWriter(name) as w:
            for i in range(4):
                k = shard * 4 + i
                ex = tf.train.Example(features=tf.train.Features(feature={
                    "buoy/id": tf.train.Feature(int64_list=tf.train.Int64List(value=[k])),
                    "buoy/depth_m": tf.train.Feature(float_list=tf.train.FloatList(value=[1.5 + 0.5 * k])),
                    "buoy/temps": tf.train.Feature(float_list=tf.train.FloatList(
                        value=[11.0 + k * 0.25, 12.0 + (k % 3), 10.5 + 0.5 * (k % 4)])),
                }))
                w.write(ex.SerializeToString())
        names.append(name)
    return names


def main(data_dir):
    out = os.path.join(data_dir, "h54_buoy_shards")
    if not os.path.exists(out):
        os.makedirs(out)
    file_names = _write_shards(out)
    ids, depths, temps = build_inputs(file_names, tf.compat.v1.TFRecordReader(), min_queue_examples=2,
                                      num_reader_threads=2, num_preprocess_threads=2, batch_size=4)
    batches = []
    sess = tf.compat.v1.Session()
    sess.run(tf.compat.v1.local_variables_initializer())
    coord = tf.compat.v1.train.Coordinator()
    threads = tf.compat.v1.train.start_queue_runners(sess=sess, coord=coord)
    try:
        while not coord.should_stop():
            i, d, t = sess.run([ids, depths, temps])
            batches.append([i.tolist(), [round(float(x), 4) for x in d], [round(float(x), 4) for x in t]])
    except tf.errors.OutOfRangeError:
        pass
    finally:
        coord.request_stop()
        coord.join(threads)
    sess.close()
    return {"batches": batches, "end": "buoy records: %d" % sum(len(b[0]) for b in batches)}

"""Compressed TFRecords: shards written with ZLIB compression and read back by a `TFRecordReader` given
`TFRecordOptions(TFRecordCompressionType.ZLIB)`; the reader sits under `variable_scope('input')` and
`device('/cpu:0')`, and `train.batch` runs three enqueue threads (order-insensitive consumer).
"""

import os

import tensorflow.compat.v1 as tf

NUM_SHARDS = 3
PER_SHARD = 12
COMPRESSION = tf.python_io.TFRecordCompressionType.ZLIB


def write_shards(data_dir):
    out_dir = os.path.join(data_dir, "h15_zlib_records")
    os.makedirs(out_dir, exist_ok=True)
    options = tf.python_io.TFRecordOptions(COMPRESSION)
    paths = []
    for shard in range(NUM_SHARDS):
        path = os.path.join(out_dir, "events-%05d-of-%05d.tfrecord.zz" % (shard, NUM_SHARDS))
        with tf.python_io.TFRecordWriter(path, options=options) as writer:
            for i in range(PER_SHARD):
                n = shard * PER_SHARD + i
                example = tf.train.Example(features=tf.train.Features(feature={
                    "event_id": tf.train.Feature(int64_list=tf.train.Int64List(value=[n])),
                    "dwell": tf.train.Feature(float_list=tf.train.FloatList(value=[n * 0.25, n % 7])),
                    "kind": tf.train.Feature(bytes_list=tf.train.BytesList(value=[b"click" if n % 3 else b"view"])),
                }))
                writer.write(example.SerializeToString())
        paths.append(path)
    return paths


def read_events(filename_queue):
    options = tf.python_io.TFRecordOptions(COMPRESSION)
    reader = tf.TFRecordReader(options=options)
    _, serialized = reader.read(filename_queue)
    parsed = tf.parse_single_example(serialized, {
        "event_id": tf.FixedLenFeature([], tf.int64),
        "dwell": tf.FixedLenFeature([2], tf.float32),
        "kind": tf.FixedLenFeature([], tf.string),
    })
    is_click = tf.cast(tf.equal(parsed["kind"], "click"), tf.int32)
    return parsed["event_id"], parsed["dwell"], is_click


def build_inputs(files, batch_size, num_threads=3):
    with tf.variable_scope("input"), tf.device("/cpu:0"):
        filename_queue = tf.train.string_input_producer(files, num_epochs=1, shuffle=False)
        event_id, dwell, is_click = read_events(filename_queue)
        return tf.train.batch([event_id, dwell, is_click], batch_size=batch_size, num_threads=num_threads,
                              capacity=4 * batch_size, allow_smaller_final_batch=True)


def main(data_dir):
    ids, dwell, clicks = build_inputs(write_shards(data_dir), batch_size=8)
    batches, end = [], None
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while not coord.should_stop():
                i, d, c = sess.run([ids, dwell, clicks])
                batches.append([i.tolist(), d.tolist(), c.tolist()])
        except tf.errors.OutOfRangeError:
            end = "OutOfRangeError"
        finally:
            coord.request_stop()
            coord.join(threads)
    return {"batches": batches, "end": end}

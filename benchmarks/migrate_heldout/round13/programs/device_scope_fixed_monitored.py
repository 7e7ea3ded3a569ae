"""Fixed-length binary records read in a helper under `with tf.device('/cpu:0'), name_scope('input')`, with a
`tf1 = tf.compat.v1` alias; the trainer runs a MonitoredTrainingSession loop on should_stop()."""

import os

import tensorflow as tf

tf1 = tf.compat.v1

RECORD_BYTES = 8


def input_pipeline(data_dir, batch_size, num_epochs=2):
    with tf.device("/cpu:0"), tf1.name_scope("input"):
        files = [os.path.join(data_dir, "fixed-%d.bin" % i) for i in range(3)]
        file_queue = tf1.train.string_input_producer(files, num_epochs=num_epochs, shuffle=False, capacity=8)
        reader = tf1.FixedLengthRecordReader(record_bytes=RECORD_BYTES, header_bytes=4)
        _, raw = reader.read(file_queue)
        fields = tf1.decode_raw(raw, tf.int32)
        fields.set_shape([2])
        index, value = fields[0], fields[1]
        ratio = tf.cast(value, tf.float32) / tf.cast(tf.maximum(index, 1), tf.float32)
        return tf1.train.batch([index, value, ratio], batch_size=batch_size, allow_smaller_final_batch=True)


def main(data_dir):
    index, value, ratio = input_pipeline(data_dir, batch_size=10)
    batches = []
    with tf1.train.MonitoredTrainingSession(checkpoint_dir=None, save_summaries_steps=None,
                                            save_summaries_secs=None, log_step_count_steps=0) as sess:
        while not sess.should_stop():
            index_v, value_v, ratio_v = sess.run([index, value, ratio])
            batches.append([index_v.tolist(), value_v.tolist(), ratio_v.tolist()])
    return {"batches": batches, "end": "should_stop"}

"""Optical flow pair reader in the FlowNet-era style: fixed-length binary records hold (frame index, flow
value); a reader helper returns a record object (namedtuple), consecutive frames are paired, and training
runs a fixed number of steps over a repeating producer."""

import collections
import glob
import os

import tensorflow.compat.v1 as tf
from tensorflow.compat.v1 import train

HEADER_BYTES = 4
RECORD_BYTES = 8
BATCH_SIZE = 6
MAX_STEPS = 30

FlowRecord = collections.namedtuple("FlowRecord", ["frame_id", "img1", "img2", "flow"])


def read_flow_record(filename_queue):
    """Reads one record: two int32 values, the frame id and its flow magnitude."""
    reader = tf.FixedLengthRecordReader(record_bytes=RECORD_BYTES, header_bytes=HEADER_BYTES)
    _, value = reader.read(filename_queue)
    fields = tf.decode_raw(value, tf.int32)
    fields = tf.reshape(fields, [2])
    frame_id = fields[0]
    img1 = tf.cast(tf.stack([frame_id, frame_id + 1]), tf.float32)
    img2 = img1 + 1.0
    flow = tf.cast(fields[1], tf.float32) / 3.0
    return FlowRecord(frame_id=frame_id, img1=img1, img2=img2, flow=flow)


def inputs(data_dir, batch_size):
    filenames = sorted(glob.glob(os.path.join(data_dir, "fixed-*.bin")))
    filename_queue = train.string_input_producer(filenames, shuffle=False)
    record = read_flow_record(filename_queue)
    pair = tf.concat([record.img1, record.img2], axis=0)
    frame_ids, pairs, flows = train.batch([record.frame_id, pair, record.flow], batch_size=batch_size,
                                          num_threads=1, capacity=5 * batch_size)
    return frame_ids, pairs, flows


def main(data_dir):
    frame_ids, pairs, flows = inputs(data_dir, BATCH_SIZE)
    epe_proxy = tf.reduce_mean(tf.abs(pairs[:, 0] - flows))

    batches = []
    with tf.Session() as sess:
        sess.run(tf.global_variables_initializer())
        coord = train.Coordinator()
        threads = train.start_queue_runners(sess=sess, coord=coord)
        for step in range(MAX_STEPS):
            ids, p, f, loss = sess.run([frame_ids, pairs, flows, epe_proxy])
            batches.append([ids.tolist(), p.tolist(), f.tolist(), round(float(loss), 4)])
        coord.request_stop()
        coord.join(threads)
    return {"batches": batches, "end": "steps"}

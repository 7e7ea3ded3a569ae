"""Video action clips: serialized Examples batched as strings, parse_example after the batch (the fast path of
2017's input guides), frames decoded from bytes, all pinned to the CPU."""
import os

import numpy as np
import tensorflow as tf

tf1 = tf.compat.v1
NUM_FRAMES, FRAME = 3, 2


def _bytes(v):
    return tf.train.Feature(bytes_list=tf.train.BytesList(value=v))


def _int64(v):
    return tf.train.Feature(int64_list=tf.train.Int64List(value=v))


def write_clips(root, n=10):
    os.makedirs(root, exist_ok=True)
    path = os.path.join(root, "ucf_clips.tfrecord")
    with tf1.python_io.TFRecordWriter(path) as w:
        for i in range(n):
            frames = (np.arange(NUM_FRAMES * FRAME * FRAME) + i).astype(np.uint8)
            ex = tf.train.Example(features=tf.train.Features(feature={
                "clip/frames": _bytes([frames.tobytes()]),
                "clip/label": _int64([i % 3]),
                "clip/name": _bytes([("v_clip_g%02d" % i).encode()]),
            }))
            w.write(ex.SerializeToString())
    return path


def get_batch(path, batch_size):
    with tf.device("/cpu:0"):
        queue = tf1.train.string_input_producer([path], num_epochs=1, shuffle=False)
        _, serialized = tf1.TFRecordReader().read(queue)
        serialized_batch = tf1.train.batch([serialized], batch_size=batch_size, capacity=10,
                                           allow_smaller_final_batch=True)
        parsed = tf1.parse_example(serialized_batch, {
            "clip/frames": tf1.FixedLenFeature([], tf.string),
            "clip/label": tf1.FixedLenFeature([], tf.int64),
            "clip/name": tf1.FixedLenFeature([], tf.string),
        })
        frames = tf1.decode_raw(parsed["clip/frames"], tf.uint8)
        frames = tf.reshape(frames, [-1, NUM_FRAMES, FRAME, FRAME])
        return frames, parsed["clip/label"], parsed["clip/name"]


def main(data_dir):
    path = write_clips(os.path.join(data_dir, "h27_video_clips_serialized_batch_parse_example_cpu_device"))
    frames, labels, names = get_batch(path, batch_size=4)
    motion = tf.reduce_sum(tf.abs(tf.cast(frames[:, 1:], tf.int32) - tf.cast(frames[:, :-1], tf.int32)), [1, 2, 3])
    batches = []
    sess = tf1.Session(config=tf1.ConfigProto(allow_soft_placement=True))
    sess.run(tf1.local_variables_initializer())
    coord = tf1.train.Coordinator()
    threads = tf1.train.start_queue_runners(sess=sess, coord=coord)
    while not coord.should_stop():
        try:
            f, m, l, n = sess.run([frames, motion, labels, names])
        except tf.errors.OutOfRangeError:
            coord.request_stop()
            break
        batches.append([f[:, 0, 0, 0].tolist(), m.tolist(), l.tolist(), [x.decode() for x in n]])
    coord.join(threads)
    sess.close()
    return {"batches": batches, "end": "coordinator stopped"}

"""Copies of per-element code over tensors: `slice_input_producer` over three in-memory lists bound to one name, a
`read_frame(input_queue)` helper (`tf.read_file`, `decode_png`, a flip) copied three times in a list
comprehension bound to a name, `shuffle_batch_join`; batch sizes and sorted rows."""

import os

import tensorflow.compat.v1 as tf


def read_frame(input_queue):
    frame = tf.image.decode_png(tf.read_file(input_queue[0]), channels=1)
    frame = tf.image.flip_left_right(tf.image.convert_image_dtype(frame, tf.float32))
    frame.set_shape([4, 4, 1])
    return [tf.reduce_sum(frame[:, 0, 0]), input_queue[1], input_queue[2]]


def main(data_dir):
    paths, clips, steps = [], [], []
    for clip in range(5):
        for t in range(3):
            paths.append(os.path.join(data_dir, "image-%d.png" % ((clip + t) % 6)))
            clips.append(clip)
            steps.append(t)
    input_queue = tf.train.slice_input_producer(
        [tf.constant(paths), tf.constant(clips), tf.constant(steps)], num_epochs=2, shuffle=True, seed=3)
    frame_list = [read_frame(input_queue) for _ in range(3)]
    edge, clip, step = tf.train.shuffle_batch_join(frame_list, batch_size=4, capacity=20, min_after_dequeue=4,
                                                   allow_smaller_final_batch=True)
    sizes, rows, end = [], [], None
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while not coord.should_stop():
                e, c, s = sess.run([edge, clip, step])
                sizes.append(len(e))
                rows.extend(zip([round(v, 5) for v in e.tolist()], c.tolist(), s.tolist()))
        except tf.errors.OutOfRangeError:
            end = "OutOfRangeError"
        finally:
            coord.request_stop()
            coord.join(threads)
    return {"batches": [sizes, sorted(rows)], "end": end}

"""Action-recognition frame reader: an in-memory list of (frame path, clip id, frame index) built in Python from a
clip index, `slice_input_producer` over the three lists (shuffled, one epoch), a `read_frame(input_queue)` helper
(`tf.read_file` + `decode_png` + `tf.image` flips/dtype) copied twice in a list comprehension and joined by
**`tf.train.shuffle_batch_join`**."""

import os

import tensorflow.compat.v1 as tf

FRAMES_PER_CLIP = 4
NUM_CLIPS = 6


def build_frame_index(data_dir):
    paths, clip_ids, frame_ids = [], [], []
    for clip in range(NUM_CLIPS):
        for t in range(FRAMES_PER_CLIP):
            paths.append(os.path.join(data_dir, 'image-%d.png' % ((clip + t) % 6)))
            clip_ids.append(clip)
            frame_ids.append(t)
    return paths, clip_ids, frame_ids


def read_frame(input_queue):
    contents = tf.read_file(input_queue[0])
    frame = tf.image.decode_png(contents, channels=1)
    frame = tf.image.convert_image_dtype(frame, tf.float32)
    frame = tf.image.flip_left_right(frame)
    frame.set_shape([4, 4, 1])
    return [frame, input_queue[1], input_queue[2]]


def main(data_dir):
    paths, clip_ids, frame_ids = build_frame_index(data_dir)
    input_queue = tf.train.slice_input_producer(
        [tf.constant(paths), tf.constant(clip_ids, tf.int32), tf.constant(frame_ids, tf.int32)],
        num_epochs=1, shuffle=True, seed=3)
    frame_list = [read_frame(input_queue) for _ in range(2)]
    frames, clips, steps = tf.train.shuffle_batch_join(
        frame_list, batch_size=5, capacity=30, min_after_dequeue=5, allow_smaller_final_batch=True)

    batches, end = [], None
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while not coord.should_stop():
                f, c, s = sess.run([frames, clips, steps])
                batches.append([f.reshape(len(f), -1).tolist(), c.tolist(), s.tolist()])
        except tf.errors.OutOfRangeError:
            end = 'OutOfRangeError'
        finally:
            coord.request_stop()
            coord.join(threads)
    return {'batches': batches, 'end': end}

import os

import numpy as np
import tensorflow as tf

# one txt file per signed word: every line holds the hand landmarks (x, y of 3 points) of one frame
WORDS = ["hello", "thanks", "yes", "no"]
FRAMES = 4


def extract_landmarks(out_dir):
    rng = np.random.RandomState(4608)
    files = []
    for w, word in enumerate(WORDS):
        for take in range(3):
            name = os.path.join(out_dir, "%s_%d.txt" % (word, take))
            with open(name, "w") as f:
                for _ in range(FRAMES):
                    f.write(" ".join("%.3f" % v for v in rng.uniform(0, 1, 6)) + "\n")
            files.append(name)
    return files


def read_image(filename_queue):
  reader = tf.compat.v1.WholeFileReader()
  tf.compat.v1.train.start_queue_runners()
  key,value = reader.read(filename_queue)
  return key,value


def decode_landmarks(key, value):
    lines = tf.compat.v1.string_split([value], "\n").values
    numbers = tf.compat.v1.string_split(lines, " ").values
    frames = tf.reshape(tf.strings.to_number(numbers), [FRAMES, 6])
    base = tf.compat.v1.string_split([key], "/").values[-1]
    word = tf.compat.v1.string_split([base], "_").values[0]
    label = tf.argmax(tf.cast(tf.equal(tf.constant(WORDS), word), tf.int32))
    return frames, label, base


def main(data_dir):
    out_dir = os.path.join(data_dir, "h46_sign_landmarks")
    if not os.path.exists(out_dir):
        os.makedirs(out_dir)
    files = extract_landmarks(out_dir)

    batches = []
    with tf.compat.v1.Session() as sess:
        filename_queue = tf.compat.v1.train.string_input_producer(files, num_epochs=1, shuffle=True, seed=9)
        sess.run(tf.compat.v1.local_variables_initializer())
        key, value = read_image(filename_queue)
        frames, label, base = decode_landmarks(key, value)
        frames_batch, label_batch, name_batch = tf.compat.v1.train.shuffle_batch(
            [frames, label, base], batch_size=4, num_threads=2, capacity=16, min_after_dequeue=4, seed=9)
        motion = tf.reduce_sum(tf.abs(frames_batch[:, 1:, :] - frames_batch[:, :-1, :]), axis=[1, 2])

        coord = tf.compat.v1.train.Coordinator()
        threads = tf.compat.v1.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while not coord.should_stop():
                f, l, n, m = sess.run([frames_batch, label_batch, name_batch, motion])
                batches.append([np.round(f, 3).tolist(), l.tolist(), [s.decode() for s in n], np.round(m, 3).tolist()])
        except tf.errors.OutOfRangeError:
            pass
        finally:
            coord.request_stop()
        coord.join(threads)
    return {"batches": batches, "end": "signs: %d" % sum(len(b[1]) for b in batches)}

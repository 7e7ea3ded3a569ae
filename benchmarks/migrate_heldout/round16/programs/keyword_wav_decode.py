"""Keyword spotting input: one-word clips as 16-bit WAV files in one folder per word; the label is the folder name
of the reader's key, the audio is decoded in the graph by `decode_wav`."""

import glob
import os
import wave

import tensorflow.compat.v1 as tf

WORDS = ["yes", "no", "up"]
CLIP_SAMPLES = 16
SAMPLE_RATE = 8000


def write_clips(data_dir):
    root = os.path.join(data_dir, "h16_keyword_wav_decode")
    for w, word in enumerate(WORDS):
        os.makedirs(os.path.join(root, word), exist_ok=True)
        for c in range(4):
            samples = [((w * 4 + c) * 1000 + s * 300) % 20000 - 10000 for s in range(CLIP_SAMPLES)]
            with wave.open(os.path.join(root, word, "clip_%d.wav" % c), "wb") as out:
                out.setnchannels(1)
                out.setsampwidth(2)
                out.setframerate(SAMPLE_RATE)
                out.writeframes(b"".join(int(v).to_bytes(2, "little", signed=True) for v in samples))
    return root


def load_clip(filename_queue):
    reader = tf.WholeFileReader()
    key, contents = reader.read(filename_queue)
    audio, sample_rate = tf.audio.decode_wav(contents, desired_channels=1, desired_samples=CLIP_SAMPLES)
    samples = tf.squeeze(audio, axis=-1)
    word = tf.string_split([key], "/").values[-2]
    label = tf.argmax(tf.cast(tf.equal(word, tf.constant(WORDS)), tf.int32))
    energy = tf.reduce_mean(tf.square(samples))
    return samples, label, energy, sample_rate


def main(data_dir):
    root = write_clips(data_dir)
    files = sorted(glob.glob(os.path.join(root, "*", "*.wav")))
    filename_queue = tf.train.string_input_producer(files, num_epochs=2, shuffle=True, seed=5)
    samples, label, energy, rate = load_clip(filename_queue)
    sample_batch, label_batch, energy_batch, rate_batch = tf.train.shuffle_batch(
        [samples, label, energy, rate], batch_size=5, capacity=40, min_after_dequeue=10, num_threads=2, seed=7,
        allow_smaller_final_batch=True)
    batches = []
    with tf.Session() as sess:
        sess.run([tf.global_variables_initializer(), tf.local_variables_initializer()])
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while not coord.should_stop():
                s, l, e, r = sess.run([sample_batch, label_batch, energy_batch, rate_batch])
                batches.append([s.tolist(), l.tolist(), e.tolist(), r.tolist()])
        except tf.errors.OutOfRangeError:
            pass
        finally:
            coord.request_stop()
            coord.join(threads)
    return {"batches": batches, "end": "clips done"}

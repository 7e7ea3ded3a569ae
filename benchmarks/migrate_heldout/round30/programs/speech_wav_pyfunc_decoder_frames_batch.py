"""Speech commands as .wav files: a WholeFileReader, a `tf.py_func` decoding the WAV bytes with the `wave` module,
`set_shape`, framing by reshape, the word label from the folder name; `tf.train.batch` in order."""
import io
import os
import wave

import numpy as np
import tensorflow.compat.v1 as tf

SAMPLES = 8
FRAME = 4
WORDS = ["no", "yes"]


def write_wavs(data_dir):
    root = os.path.join(data_dir, "h30_speech_wav")
    rng = np.random.RandomState(309)
    paths = []
    for w in WORDS:
        os.makedirs(os.path.join(root, w), exist_ok=True)
        for i in range(3):
            p = os.path.join(root, w, "clip_%d.wav" % i)
            pcm = (rng.rand(SAMPLES) * 2000 - 1000).astype(np.int16)
            with wave.open(p, "wb") as wf:
                wf.setnchannels(1)
                wf.setsampwidth(2)
                wf.setframerate(16000)
                wf.writeframes(pcm.tobytes())
            paths.append(p)
    return sorted(paths)


def _decode_wav(contents):
    with wave.open(io.BytesIO(contents), "rb") as wf:
        pcm = np.frombuffer(wf.readframes(wf.getnframes()), dtype=np.int16)
    return (pcm.astype(np.float32) / 32768.0)


def _word_index(path):
    return np.int32(WORDS.index(os.path.basename(os.path.dirname(path.decode()))))


def get_audio_batch(paths, batch_size):
    filename_queue = tf.train.string_input_producer(paths, num_epochs=1, shuffle=False)
    reader = tf.WholeFileReader()
    key, contents = reader.read(filename_queue)
    audio = tf.py_func(_decode_wav, [contents], tf.float32, stateful=False)
    audio.set_shape([SAMPLES])
    frames = tf.reshape(audio, [SAMPLES // FRAME, FRAME])
    energy = tf.reduce_sum(tf.square(frames), axis=1)
    label = tf.py_func(_word_index, [key], tf.int32)
    label.set_shape([])
    return tf.train.batch([frames, energy, label], batch_size=batch_size)


def main(data_dir):
    frames, energy, label = get_audio_batch(write_wavs(data_dir), 2)
    batches = []
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while True:
                f, e, l = sess.run([frames, energy, label])
                batches.append([np.round(f, 5).tolist(), np.round(e, 6).tolist(), l.tolist()])
        except tf.errors.OutOfRangeError:
            end = "all clips decoded"
        coord.request_stop()
        coord.join(threads)
    return {"batches": batches, "end": end}

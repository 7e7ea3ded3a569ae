"""
    The GeyserGAN input: rumble recordings from the basin's hydrophones
"""
import os
import wave

import numpy as np
import tensorflow.compat.v1 as tf

DATA_FOLDER = "data"
SAMPLE_RATE = 4000
SEQUENCE_LENGTH = 4
N_SLICES = 3
AUDIO_FORMAT = 'wav'


def record(folder):
    if not os.path.isdir(folder):
        os.makedirs(folder)
    rng = np.random.RandomState(1904)
    for i in range(8):
        data = (np.round(rng.uniform(-0.8, 0.8, SEQUENCE_LENGTH * N_SLICES + 2), 2) * 32767).astype('<i2')
        w = wave.open(os.path.join(folder, 'eruption_%02d.wav' % i), 'wb')
        w.setnchannels(1)
        w.setsampwidth(2)
        w.setframerate(SAMPLE_RATE)
        w.writeframes(data.tobytes())
        w.close()


def read_data(folder=DATA_FOLDER, sample=SAMPLE_RATE, length=SEQUENCE_LENGTH, format=AUDIO_FORMAT):
    """
        Get batched audio sequences from a folder
    """
    files = sorted(tf.gfile.Glob(folder + "/*." + format))
    filename_queue = tf.train.string_input_producer(files, num_epochs=1, seed=3)
    reader = tf.WholeFileReader()
    _, value = reader.read(filename_queue)
    audio, rate = tf.audio.decode_wav(value, desired_channels=1)
    slices = [tf.reshape(audio[i * length:(i + 1) * length], [length, 1]) for i in range(N_SLICES)]
    batch = tf.train.shuffle_batch([slices], 2, 50, 4, seed=4)
    return batch


def main(data_dir):
    folder = os.path.join(data_dir, "fixP_geyser_rumbles")
    record(folder)
    batch = read_data(folder)
    batches = []
    sess = tf.Session()
    sess.run(tf.local_variables_initializer())
    coord = tf.train.Coordinator()
    threads = tf.train.start_queue_runners(sess=sess, coord=coord)
    try:
        while True:
            b = sess.run(batch)  # the slices list is packed into one [2, N_SLICES, length, 1] tensor
            batches.append([np.round(b.astype(np.float64), 3).tolist()])
    except tf.errors.OutOfRangeError:
        pass
    coord.request_stop()
    coord.join(threads)
    sess.close()
    return {"batches": batches, "end": "rumbles: %d" % sum(len(b[0]) for b in batches)}

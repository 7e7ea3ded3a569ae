import os

import numpy as np
import tensorflow.compat.v1 as tf

SAMPLES = 64
FRAME_LENGTH = 16
FRAME_STEP = 8


def write_clips(clip_dir):
    rng = np.random.RandomState(6306)
    os.makedirs(clip_dir, exist_ok=True)
    paths = []
    for i in range(16):
        kind = 'cough' if i % 2 == 0 else 'speech'
        t = np.arange(SAMPLES, dtype=np.float32)
        pcm = (np.sin(t * (0.3 + 0.05 * i)) * (1.0 if kind == 'cough' else 0.3) + rng.normal(0, 0.05, SAMPLES))
        path = os.path.join(clip_dir, '%s_%02d.pcm' % (kind, i))
        np.concatenate([[i % 2], pcm]).astype('<f4').tofile(path)
        paths.append(path)
    return paths


def main(data_dir):
    clip_dir = os.path.join(data_dir, 'h63_cough_audio_pcm_clips_fixed_length_reader_stft_spectrogram_random_shuffle_queue_runner_create_threads')
    paths = write_clips(clip_dir)

    file_queue = tf.train.string_input_producer(paths, num_epochs=1, shuffle=False)
    reader = tf.FixedLengthRecordReader(record_bytes=(SAMPLES + 1) * 4)
    _, value = reader.read(file_queue)
    record = tf.decode_raw(value, tf.float32)
    label = tf.cast(record[0], tf.int32)
    waveform = record[1:]
    stft = tf.signal.stft(waveform, frame_length=FRAME_LENGTH, frame_step=FRAME_STEP, fft_length=FRAME_LENGTH)
    spectrogram = tf.log(tf.abs(stft) + 1e-6)
    spectrogram.set_shape([(SAMPLES - FRAME_LENGTH) // FRAME_STEP + 1, FRAME_LENGTH // 2 + 1])

    queue = tf.RandomShuffleQueue(capacity=32, min_after_dequeue=4, dtypes=[tf.float32, tf.int32],
                                  shapes=[spectrogram.get_shape(), []], seed=3)
    enqueue_op = queue.enqueue([spectrogram, label])
    qr = tf.train.QueueRunner(queue, [enqueue_op] * 2)
    spec_batch, label_batch = queue.dequeue_many(4)

    sess = tf.Session()
    sess.run(tf.local_variables_initializer())
    coord = tf.train.Coordinator()
    producer_threads = tf.train.start_queue_runners(sess=sess, coord=coord)
    enqueue_threads = qr.create_threads(sess, coord=coord, start=True)
    batches = []
    while True:
        try:
            s, l = sess.run([spec_batch, label_batch])
        except tf.errors.OutOfRangeError:
            break
        batches.append([np.round(s, 3).tolist(), l.tolist()])
    coord.request_stop()
    coord.join(producer_threads + enqueue_threads)
    sess.close()
    return {'batches': batches, 'end': 'queue closed'}

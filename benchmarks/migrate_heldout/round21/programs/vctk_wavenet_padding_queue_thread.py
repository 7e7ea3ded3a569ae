"""WaveNet-style training input on a small VCTK-like corpus: an AudioReader (package `wavenet_lib`) whose
daemon thread loads WAV files, trims silence, cuts pieces with a receptive-field overlap and feeds them
through placeholders into a PaddingFIFOQueue, with the speaker id in a second queue (global conditioning);
the trainer dequeues both with dequeue_many for a fixed number of steps, then closes the queues."""

import math
import os
import struct
import wave

import tensorflow.compat.v1 as tf

from wavenet_lib import AudioReader, mu_law_encode

BATCH_SIZE = 3
NUM_STEPS = 6
SAMPLE_RATE = 8000
SAMPLE_SIZE = 8
RECEPTIVE_FIELD = 4
SILENCE_THRESHOLD = 0.05
EPSILON = 0.001
GC_CHANNELS = 2
QUANTIZATION_CHANNELS = 16

RECORDINGS = {"p225": [1, 2], "p226": [1], "p228": [3]}


def write_corpus(data_dir):
    root = os.path.join(data_dir, "h21_vctk", "wav48")
    for speaker, takes in sorted(RECORDINGS.items()):
        os.makedirs(os.path.join(root, speaker), exist_ok=True)
        for take in takes:
            n = 14 + 7 * take + int(speaker[1:]) % 5
            samples = [0] * 3 + [int(12000 * math.sin(0.7 * i + take) * (1 + (i % 3) / 3.0)) for i in range(n)]
            samples += [0] * 4
            handle = wave.open(os.path.join(root, speaker, "%s_%03d.wav" % (speaker, take)), "wb")
            handle.setnchannels(1)
            handle.setsampwidth(2)
            handle.setframerate(SAMPLE_RATE)
            handle.writeframes(struct.pack("<%dh" % len(samples), *samples))
            handle.close()
    return root


def main(data_dir):
    corpus = write_corpus(data_dir)

    # Create coordinator.
    coord = tf.train.Coordinator()

    # Load raw waveform from VCTK corpus.
    with tf.name_scope('create_inputs'):
        # Allow silence trimming to be skipped by specifying a threshold near zero.
        silence_threshold = SILENCE_THRESHOLD if SILENCE_THRESHOLD > EPSILON else None
        gc_enabled = GC_CHANNELS is not None
        reader = AudioReader(
            corpus,
            coord,
            sample_rate=SAMPLE_RATE,
            gc_enabled=gc_enabled,
            receptive_field=RECEPTIVE_FIELD,
            sample_size=SAMPLE_SIZE,
            silence_threshold=silence_threshold)
        audio_batch = reader.dequeue(BATCH_SIZE)
        if gc_enabled:
            gc_id_batch = reader.dequeue_gc(BATCH_SIZE)
        else:
            gc_id_batch = None

    encoded = mu_law_encode(audio_batch, QUANTIZATION_CHANNELS)
    code_sum = tf.reduce_sum(encoded, axis=[1, 2])

    # Set up session
    sess = tf.Session(config=tf.ConfigProto(log_device_placement=False))
    init = tf.global_variables_initializer()
    sess.run(init)

    threads = tf.train.start_queue_runners(sess=sess, coord=coord)
    reader.start_threads(sess)

    batches = []
    try:
        for step in range(NUM_STEPS):
            audio, ids, codes = sess.run([audio_batch, gc_id_batch, code_sum])
            batches.append([[[round(float(v), 4) for v in piece[:, 0]] for piece in audio], ids.tolist(),
                            codes.tolist()])
    except KeyboardInterrupt:
        # Introduce a line break after ^C is displayed so save message is on its own line.
        print()
    finally:
        coord.request_stop()
        sess.run([reader.queue.close(cancel_pending_enqueues=True),
                  reader.gc_queue.close(cancel_pending_enqueues=True)])
        for thread in reader.threads:
            thread.join()
        coord.join(threads)
        sess.close()
    return {"batches": batches, "end": reader.gc_category_cardinality}

import os
import numpy as np
import tensorflow.compat.v1 as tf

from ten57_lib.audio_reader import MultipleAudioReader
from ten57_lib.wav_utils import make_court_recordings

BATCH_SIZE = 4
SAMPLE_RATE = 8000
SAMPLE_SIZE = 8


def main(data_dir):
    audio_dir = os.path.join(data_dir, 'h57_tennis_hit_sounds')
    make_court_recordings(audio_dir, SAMPLE_RATE)

    coord = tf.train.Coordinator()
    with tf.name_scope('create_inputs'):
        reader = MultipleAudioReader(audio_dir, coord, sample_rate=SAMPLE_RATE,
                                     sample_size=SAMPLE_SIZE, queue_size=6)
        audio_batch, shot_batch = reader.dequeue(BATCH_SIZE)
    energy = tf.reduce_sum(tf.square(audio_batch), axis=[1, 2])

    sess = tf.Session()
    sess.run(tf.global_variables_initializer())
    threads = tf.train.start_queue_runners(sess=sess, coord=coord)
    reader.start_threads(sess, n_threads=2)
    batches = []
    try:
        while True:
            a, s, e = sess.run([audio_batch, shot_batch, energy])
            batches.append([np.round(a.astype(np.float64), 2).tolist(), s.tolist(),
                            np.round(e.astype(np.float64), 3).tolist()])
    except tf.errors.OutOfRangeError:
        pass
    except KeyboardInterrupt:
        print()
    finally:
        coord.request_stop()
        coord.join(threads + reader.threads)
    sess.close()
    return {"batches": batches, "end": "pieces: %d" % sum(len(b[1]) for b in batches)}

"""Lighthouse flashes yielded by a generator function, two epochs, batches of 3 through a stream input function,
read in the Coordinator / start_queue_runners / OutOfRangeError loop."""
import numpy as np
import tensorflow.compat.v1 as tf

from feedq.inputs import stream_input_fn


def flashes():
    for k in range(7):
        yield {'gap': np.float32(k * 0.5), 'beam': np.int64(k % 2), 'lamp': np.int64(k)}


def main(data_dir):
    features, lamp = stream_input_fn(flashes, 'lamp', batch_size=3, epochs=2)()
    batches = []
    sess = tf.Session()
    coord = tf.train.Coordinator()
    threads = tf.train.start_queue_runners(sess, coord=coord)
    try:
        while not coord.should_stop():
            g, b, l = sess.run([features['gap'], features['beam'], lamp])
            batches.append([g.tolist(), b.tolist(), l.tolist()])
    except tf.errors.OutOfRangeError:
        end = 'OutOfRangeError'
    finally:
        coord.request_stop()
    coord.join(threads)
    sess.close()
    return {'batches': batches, 'end': end}

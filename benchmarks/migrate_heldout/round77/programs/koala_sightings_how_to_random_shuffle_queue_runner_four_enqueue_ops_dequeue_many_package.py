"""Koala sightings (id, eucalyptus species, grid location) through a `SightingPipeline` class (package
`koala77`) that is the reading-data how-to's RandomShuffleQueue + `QueueRunner([enqueue_op] * n)` recipe; the main
loop is the how-to's "Run the training loop, controlling termination with the coordinator" form
(`for step in xrange(1000000): if coord.should_stop(): break`, `except Exception as e:
coord.request_stop(e)`, `coord.join(enqueue_threads)`), with `OutOfRangeError` ending the single epoch."""
import os

import numpy as np
import tensorflow.compat.v1 as tf

from koala77.pipeline import SightingPipeline

TREES = [b'manna_gum', b'river_red_gum', b'swamp_gum', b'grey_box']


def write_sightings(path):
    rng = np.random.RandomState(7714)
    writer = tf.python_io.TFRecordWriter(path)
    for i in range(12):
        example = tf.train.Example(features=tf.train.Features(feature={
            'sighting_id': tf.train.Feature(int64_list=tf.train.Int64List(value=[100 + i])),
            'tree': tf.train.Feature(bytes_list=tf.train.BytesList(value=[TREES[rng.randint(0, 4)]])),
            'location': tf.train.Feature(float_list=tf.train.FloatList(
                value=list(np.round(rng.uniform(0, 50, size=2), 1)))),
        }))
        writer.write(example.SerializeToString())
    writer.close()


def main(data_dir):
    folder = os.path.join(data_dir, 'h77_koala')
    os.makedirs(folder, exist_ok=True)
    path = os.path.join(folder, 'sightings.tfrecords')
    write_sightings(path)

    pipeline = SightingPipeline([path], batch_size=4, num_threads=4)
    ids, trees, locations = pipeline.inputs

    batches = []
    sess = tf.Session()
    sess.run(tf.local_variables_initializer())
    coord = tf.train.Coordinator()
    tf.train.start_queue_runners(sess=sess, coord=coord)  # the filename producer's runner
    enqueue_threads = pipeline.start(sess, coord)
    try:
        for step in range(1000000):
            if coord.should_stop():
                break
            i, t, l = sess.run([ids, trees, locations])
            batches.append([i.tolist(), [x.decode() for x in t], np.round(l, 1).tolist()])
    except tf.errors.OutOfRangeError:
        coord.request_stop()
    except Exception as e:
        # Report exceptions to the coordinator.
        coord.request_stop(e)
    finally:
        coord.request_stop()
    coord.join(enqueue_threads)
    sess.close()
    return {'batches': batches, 'end': 'sightings: %d' % sum(len(b[0]) for b in batches)}

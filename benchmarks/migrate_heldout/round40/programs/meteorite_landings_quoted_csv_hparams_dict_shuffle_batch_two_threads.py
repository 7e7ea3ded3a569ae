# Meteorite landings (name, id, class, mass in g, fell / found, year, lat, long) in the layout of the public
# NASA data portal export; names and classes are quoted, some with commas.
import os

import numpy as np
import tensorflow as tf

tf1 = tf.compat.v1


class HParams(dict):
    __getattr__ = dict.get


hparams = HParams(batch_size=4, num_threads=2, min_after_dequeue=4, capacity=24, num_epochs=1)

CLASSES = ['L6', 'H5', 'LL5', 'Iron, IIAB', 'Eucrite-mmict', 'CM2']


def write_landings(path_a, path_b):
    rng = np.random.RandomState(40)
    for path, start in ((path_a, 0), (path_b, 6)):
        with open(path, 'w') as f:
            f.write('name,id,recclass,mass (g),fall,year,reclat,reclong\n')
            for i in range(start, start + 6):
                name = 'Aachen %d' % i if i % 3 else 'Acfer, %03d' % i
                f.write('"%s",%d,"%s",%.1f,%s,%d,%.4f,%.4f\n' % (
                    name, 1000 + i, CLASSES[i % len(CLASSES)], rng.uniform(10, 5000),
                    'Fell' if i % 2 else 'Found', 1880 + 7 * i, rng.uniform(-60, 60), rng.uniform(-180, 180)))


def parse_line(line):
    name, ident, recclass, mass, fall, year, lat, lon = tf1.decode_csv(
        line, record_defaults=[[''], [0], [''], [0.0], [''], [0], [0.0], [0.0]])
    fell = tf.cast(tf.equal(fall, 'Fell'), tf.int32)
    log_mass = tf1.log(mass) / np.log(10.0)
    return [name, ident, recclass, log_mass, fell, year, tf.stack([lat, lon])]


def inputs(files, hp):
    filename_queue = tf1.train.string_input_producer(files, num_epochs=hp.num_epochs, shuffle=False)
    reader = tf1.TextLineReader(skip_header_lines=1)
    _, line = reader.read(filename_queue)
    return tf1.train.shuffle_batch(parse_line(line), batch_size=hp.batch_size, capacity=hp.capacity,
                                   min_after_dequeue=hp.min_after_dequeue, num_threads=hp.num_threads, seed=40)


def main(data_dir):
    root = os.path.join(data_dir, 'h40_meteorite_landings')
    os.makedirs(root, exist_ok=True)
    files = [os.path.join(root, 'Meteorite_Landings_part%d.csv' % i) for i in (1, 2)]
    write_landings(*files)

    batch = inputs(files, hparams)
    batches = []
    with tf1.Session() as sess:
        sess.run([tf1.global_variables_initializer(), tf1.local_variables_initializer()])
        coord = tf1.train.Coordinator()
        threads = tf1.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while not coord.should_stop():
                name, ident, recclass, log_mass, fell, year, pos = sess.run(batch)
                batches.append([[n.decode() for n in name], ident.tolist(), [c.decode() for c in recclass],
                                np.round(log_mass.astype(np.float64), 3).tolist(), fell.tolist(), year.tolist(),
                                np.round(pos.astype(np.float64), 3).tolist()])
        except tf.errors.OutOfRangeError:
            pass
        finally:
            coord.request_stop()
            coord.join(threads)
    return {"batches": batches, "end": "meteorites: %d" % sum(len(b[1]) for b in batches)}

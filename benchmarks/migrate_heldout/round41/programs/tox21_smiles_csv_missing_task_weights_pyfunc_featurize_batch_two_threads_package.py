import os

import numpy as np
import tensorflow as tf

from tox41_lib import queue_inputs

MOLECULES = [
    ("TOX3021", "CCOc1ccc2nc(S(N)(=O)=O)sc2c1", "0,0,1"),
    ("TOX3020", "CCN1C(=O)NC(c2ccccc2)C1=O", "0,,0"),
    ("TOX3024", "CC[C@]1(O)CCC2C3CCC4=CCCCC4C3CCC21C", ",1,"),
    ("TOX3027", "CCCN(CC)C(CC)C(=O)Nc1c(C)cccc1C", "0,0,0"),
    ("TOX20800", "CC(O)(P(=O)(O)O)P(=O)(O)O", "0,0,"),
    ("TOX2808", "CC(C)(C)OOC(C)(C)CCC(C)(C)OOC(C)(C)C", "0,0,0"),
    ("TOX2809", "O=S(=O)(Cl)c1ccccc1", "1,,1"),
    ("TOX28122", "CC(C)=CCCC(C)=CC(=O)O", "0,0,0"),
    ("TOX2881", "ClCCl", ",0,0"),
    ("TOX28893", "Nc1ccc(Cl)cc1", "0,1,1"),
    ("TOX25232", "OC(=O)CCCCC(=O)O", "0,0,0"),
    ("TOX4513", "CN(C)C=O", "0,,0"),
]


def write_csvs(folder):
    os.makedirs(folder, exist_ok=True)
    paths = []
    for part in range(2):
        path = os.path.join(folder, 'tox21_part%d.csv' % part)
        with open(path, 'w') as f:
            f.write('mol_id,smiles,' + ','.join(queue_inputs.TOX21_TASKS) + '\n')
            for mol_id, smiles, labels in MOLECULES[part * 6:(part + 1) * 6]:
                f.write('%s,%s,%s\n' % (mol_id, smiles, labels))
        paths.append(path)
    return paths


def main(data_dir):
    paths = write_csvs(os.path.join(data_dir, 'h41_tox21'))
    ids, x, y, w = queue_inputs.make_queue(paths, batch_size=4, n_threads=2)
    # weighted count of measured positives per molecule
    measured = tf.reduce_sum(w, axis=1)

    batches = []
    sess = tf.compat.v1.Session()
    sess.run([tf.compat.v1.global_variables_initializer(),
              tf.compat.v1.local_variables_initializer()])
    coord = tf.compat.v1.train.Coordinator()
    threads = tf.compat.v1.train.start_queue_runners(sess=sess, coord=coord)
    try:
        while not coord.should_stop():
            i, xv, yv, wv, mv = sess.run([ids, x, y, w, measured])
            batches.append([[s.decode() for s in i], xv.tolist(), yv.tolist(),
                            wv.tolist(), mv.tolist()])
    except tf.errors.OutOfRangeError:
        end = 'molecules: %d' % sum(len(b[0]) for b in batches)
    finally:
        coord.request_stop()
        coord.join(threads)
    sess.close()
    return {'batches': batches, 'end': end}

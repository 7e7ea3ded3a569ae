# Yo-yo trick logs from a competition app: player, trick name, spin time and whether it landed.
import os

import numpy as np
import tensorflow.compat.v1 as tf

from yoyo76 import input_layer

TRICKS = ['walk_the_dog', 'around_the_world', 'rock_the_baby', 'sleeper', 'brain_twister']


def main(data_dir):
    out = os.path.join(data_dir, 'h76_yoyo')
    if not os.path.isdir(out):
        os.makedirs(out)
    rng = np.random.RandomState(4)
    for shard in range(2):
        with open(os.path.join(out, 'tricks-%05d.csv' % shard), 'w') as f:
            f.write(','.join(input_layer.CSV_COLUMNS) + '\n')
            for _ in range(5):
                f.write('%d,%s,%.1f,%d\n' % (rng.randint(100, 200), TRICKS[rng.randint(5)],
                                             rng.rand() * 3000, rng.randint(2)))

    config = input_layer.InputConfig(file_pattern=os.path.join(out, 'tricks-*.csv'), batch_size=4,
                                     num_epochs=1, reader_batch=3, capacity=16)
    features, labels = input_layer.build_input(config)
    batches = []
    with tf.train.MonitoredSession(session_creator=tf.train.ChiefSessionCreator()) as sess:
        while not sess.should_stop():
            f, l = sess.run([features, labels])
            batches.append([f['player_id'].tolist(), [t.decode() for t in f['trick']],
                            np.round(f['spin_ms'], 1).tolist(), l.tolist()])
    return {"batches": batches, "end": "tricks: %d" % sum(len(b[3]) for b in batches)}

"""Kaggle plankton features: CSV shards into a hand-built shuffling queue with explicit close and cancel ops."""
import os

import numpy as np
import tensorflow.compat.v1 as tf

NUM_FEATURES = 3


def write_shards(folder):
    rng = np.random.RandomState(121)
    paths = []
    for s in range(3):
        path = os.path.join(folder, 'features-%05d-of-00003.csv' % s)
        with open(path, 'w') as f:
            for k in range(4):
                f.write('%d,%s,%d\n' % (s * 4 + k, ','.join('%.2f' % x for x in rng.randint(0, 500, 3) / 100.0),
                                        rng.randint(0, 121)))
        paths.append(path)
    return paths


def parse_line(line):
    record_defaults = [[0]] + [[0.0]] * NUM_FEATURES + [[0]]
    fields = tf.decode_csv(line, record_defaults=record_defaults)
    return fields[0], tf.stack(fields[1:1 + NUM_FEATURES]), fields[-1]


def shuffled_examples(paths, batch_size, seed):
    filename_queue = tf.train.string_input_producer(paths, num_epochs=1, shuffle=False)
    reader = tf.TextLineReader()
    _, line = reader.read(filename_queue)
    image_id, features, label = parse_line(line)

    queue = tf.RandomShuffleQueue(capacity=16, min_after_dequeue=2, seed=seed,
                                  dtypes=[tf.int32, tf.float32, tf.int32],
                                  shapes=[[], [NUM_FEATURES], []], name='example_queue')
    enqueue_op = queue.enqueue([image_id, features, label])
    runner = tf.train.QueueRunner(queue, [enqueue_op] * 2,
                                  close_op=queue.close(),
                                  cancel_op=queue.close(cancel_pending_enqueues=True))
    tf.train.add_queue_runner(runner)
    return queue.dequeue_many(batch_size)


def main(data_dir):
    folder = os.path.join(data_dir, 'h31_plankton_shards')
    os.makedirs(folder, exist_ok=True)
    paths = write_shards(folder)

    image_ids, features, labels = shuffled_examples(paths, batch_size=4, seed=3)
    global_step = tf.train.get_or_create_global_step()
    weights = tf.get_variable('weights', [NUM_FEATURES, 4], initializer=tf.ones_initializer())
    logits = tf.matmul(features, weights, name='logits')
    increment = tf.assign_add(global_step, 1)

    batches = []
    sv = tf.train.Supervisor(logdir=None, summary_op=None, saver=None, global_step=global_step)
    with sv.managed_session() as sess:
        while not sv.should_stop():
            i, f, l, _ = sess.run([image_ids, features, labels, increment])
            batches.append({'id': i.tolist(), 'features': np.round(f.astype(np.float64), 2).tolist(),
                            'label': l.tolist()})
    end = 'supervisor stopped after %d batches' % len(batches)
    return {'batches': batches, 'end': end}

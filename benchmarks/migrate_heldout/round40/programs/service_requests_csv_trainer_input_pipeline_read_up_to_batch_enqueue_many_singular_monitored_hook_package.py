"""311 service requests (category, hour, weekday, district, open days, calls, priority): the trainer package's
input_pipeline reads lines with read_up_to and re-batches them with enqueue_many; the run loop is a
SingularMonitoredSession with a Scaffold and a hook that collects the batches."""
import os

import numpy as np
import tensorflow.compat.v1 as tf

import trainer40_lib.input_pipeline as ip
import trainer40_lib.model as m
import trainer40_lib.eval_hook as h


def write_requests(filename):
    rng = np.random.RandomState(40)
    with open(filename, 'w') as f:
        f.write('category,hour,weekday,district,open_days,calls,priority\n')
        for _ in range(11):
            f.write('%d,%d,%d,%d,%d,%d,%d\n' % (rng.randint(0, 5), rng.randint(0, 24), rng.randint(0, 7),
                                              rng.randint(1, 10), rng.randint(0, 30), rng.randint(1, 6),
                                              rng.randint(1, 4)))


def run(filename):
    features, labels = ip.input_pipeline(
        filename,
        num_epochs=1,
        batch_size=4,
        shuffle=False)

    train_op, global_step = m.simple_model(features, labels)

    init_op = tf.group(tf.global_variables_initializer(),
                       tf.local_variables_initializer())

    eval_hook = h.EvalSessionHook([features, labels])
    scaf = tf.train.Scaffold(init_op=init_op)

    with tf.train.SingularMonitoredSession(hooks=[eval_hook], scaffold=scaf) as sess:
        while not sess.should_stop():
            sess.run(train_op)
    return eval_hook.results


def main(data_dir):
    root = os.path.join(data_dir, 'h40_service_requests')
    os.makedirs(root, exist_ok=True)
    train_file = os.path.join(root, 'requests_2016.csv')
    write_requests(train_file)
    results = run(train_file)
    batches = [[feats.reshape(len(feats), -1).astype(np.int64).tolist(), np.argmax(lab, axis=1).tolist()]
               for feats, lab in results]
    return {"batches": batches, "end": "requests: %d" % sum(len(b[1]) for b in batches)}

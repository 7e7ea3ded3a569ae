"""ResNet on CIFAR, evaluation (the models repo's resnet shape): `build_input(dataset, data_path, batch_size, mode)`
in a package, a Python mode switch choosing a `RandomShuffleQueue` with 16 threads or an eval `FIFOQueue` with one
(`QueueRunner(example_queue, [example_enqueue_op] * num_threads)`), `dequeue_many`, one-hot labels by
`sparse_to_dense` of `concat([indices, labels])`; `HParams` namedtuple; runners started by
`start_queue_runners(sess)` with no coordinator, `eval_batch_count` steps, precision in numpy."""

import os

import numpy as np
import six
import tensorflow.compat.v1 as tf

from resnet_lib import cifar_input
from resnet_lib import resnet_model

DATASET = 'cifar10'
MODE = 'eval'
EVAL_BATCH_COUNT = 5


def write_batches(out_dir, files=2, per_file=10):
    if not os.path.isdir(out_dir):
        os.makedirs(out_dir)
    n = 0
    for f in range(files):
        with open(os.path.join(out_dir, 'test_batch_%d.bin' % f), 'wb') as out:
            for _ in range(per_file):
                out.write(bytes([n % 10]) + bytes((n * 11 + k * 5) % 256 for k in range(48)))
                n += 1


def evaluate(hps, eval_data_path):
    images, labels = cifar_input.build_input(DATASET, eval_data_path, hps.batch_size, MODE)
    model = resnet_model.ResNet(hps, images, labels, MODE)
    model.build_graph()

    sess = tf.Session(config=tf.ConfigProto(allow_soft_placement=True))
    sess.run(tf.global_variables_initializer())
    tf.train.start_queue_runners(sess)

    batches = []
    total_prediction, correct_prediction = 0, 0
    for _ in six.moves.range(EVAL_BATCH_COUNT):
        (summaries, loss, predictions, truth, train_step, image_values) = sess.run(
            [model.summaries, model.cost, model.predictions, model.labels, model.global_step, images])
        truth = np.argmax(truth, axis=1)
        predictions = np.argmax(predictions, axis=1)
        correct_prediction += np.sum(truth == predictions)
        total_prediction += predictions.shape[0]
        batches.append([np.round(image_values, 5).tolist(), truth.tolist(), predictions.tolist()])
    precision = 1.0 * correct_prediction / total_prediction
    sess.close()
    return batches, [int(correct_prediction), int(total_prediction), round(float(precision), 6)]


def main(data_dir):
    out = os.path.join(data_dir, 'h22_cifar_resnet_eval_example_queue_onehot')
    write_batches(out)
    hps = resnet_model.HParams(batch_size=4,
                               num_classes=10,
                               min_lrn_rate=0.0001,
                               lrn_rate=0.1,
                               num_residual_units=5,
                               use_bottleneck=False,
                               weight_decay_rate=0.0002,
                               relu_leakiness=0.1,
                               optimizer='mom')
    batches, end = evaluate(hps, os.path.join(out, 'test_batch_*.bin'))
    return {'batches': batches, 'end': end}

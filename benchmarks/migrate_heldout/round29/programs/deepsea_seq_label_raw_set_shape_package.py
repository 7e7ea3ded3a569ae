"""DeepSEA-style one-hot DNA windows with multi-label targets, read through a small package."""
import os

import tensorflow.compat.v1 as tf

from deepsea29_lib import config
from deepsea29_lib.inputs import inputs
from deepsea29_lib.records import convert_to

FLAGS = {'batch_size': 2, 'num_epochs': 1}


def main(data_dir):
    root = os.path.join(data_dir, 'h29_deepsea_seq_label_raw_set_shape_package')
    os.makedirs(root, exist_ok=True)
    train_file = os.path.join(root, 'train.tfrecords')
    convert_to(train_file)

    seqs, labels = inputs([train_file], FLAGS['batch_size'], FLAGS['num_epochs'])
    bases = tf.argmax(tf.squeeze(seqs, axis=1), axis=-1)
    gc_content = tf.reduce_mean(tf.reduce_sum(seqs[:, 0, :, 1:3], axis=-1), axis=-1)

    init_op = tf.group(tf.global_variables_initializer(), tf.local_variables_initializer())
    batches = []
    with tf.Session() as sess:
        sess.run(init_op)
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        step = 0
        try:
            while not coord.should_stop():
                b, l, g = sess.run([bases, labels, gc_content])
                batches.append({'seq': [''.join(config.BASES[i] for i in row) for row in b.tolist()],
                                'label': l.tolist(), 'gc': [round(v, 4) for v in g.tolist()]})
                step += 1
        except tf.errors.OutOfRangeError:
            end = 'Done training for %d epochs, %d steps.' % (FLAGS['num_epochs'], step)
        finally:
            coord.request_stop()
        coord.join(threads)
    return {'batches': batches, 'end': end}

"""Fashion items, the reading-data how-to's `fully_connected_reader` split over a package (`reader.py`:
`read_and_decode(filename_queue)`, `inputs(train_dir, train, batch_size, num_epochs)` under
`name_scope('input')` with `shuffle_batch(num_threads=2, min_after_dequeue=1000)`; `mnist.py`: inference, loss,
training), run in `with tf.Graph().as_default():` by `MonitoredTrainingSession(hooks=[StopAtStepHook,
NanTensorHook, LoggingTensorHook])` with no checkpoint directory, until the one epoch ends."""

import os

import numpy as np
import tensorflow.compat.v1 as tf

from fashion_lib import mnist
from fashion_lib import reader

ITEMS = 16


def convert_to(out_dir, name, count):
    filename = os.path.join(out_dir, name)
    with tf.python_io.TFRecordWriter(filename) as writer:
        for n in range(count):
            image = np.array([(n * 23 + k * k * 5) % 256 for k in range(reader.IMAGE_PIXELS)], dtype=np.uint8)
            example = tf.train.Example(features=tf.train.Features(feature={
                'height': tf.train.Feature(int64_list=tf.train.Int64List(value=[4])),
                'width': tf.train.Feature(int64_list=tf.train.Int64List(value=[4])),
                'depth': tf.train.Feature(int64_list=tf.train.Int64List(value=[1])),
                'label': tf.train.Feature(int64_list=tf.train.Int64List(value=[n % 10])),
                'image_raw': tf.train.Feature(bytes_list=tf.train.BytesList(value=[image.tobytes()])),
            }))
            writer.write(example.SerializeToString())


def run_training(train_dir, batch_size, num_epochs, max_steps):
    batches = []
    with tf.Graph().as_default():
        images, labels = reader.inputs(train_dir, train=True, batch_size=batch_size, num_epochs=num_epochs)
        logits = mnist.inference(images, 8)
        loss = mnist.loss(logits, labels)
        train_op = mnist.training(loss, 0.01)
        global_step = tf.train.get_or_create_global_step()

        hooks = [tf.train.StopAtStepHook(last_step=max_steps),
                 tf.train.NanTensorHook(loss),
                 tf.train.LoggingTensorHook({'step': global_step, 'loss': loss}, every_n_iter=100)]
        with tf.train.MonitoredTrainingSession(checkpoint_dir=None, hooks=hooks,
                                               save_summaries_steps=None, save_summaries_secs=None,
                                               config=tf.ConfigProto(log_device_placement=False)) as mon_sess:
            while not mon_sess.should_stop():
                _, image_values, label_values = mon_sess.run([train_op, images, labels])
                batches.append([np.round(image_values, 6).tolist(), label_values.tolist()])
    return batches


def main(data_dir):
    out = os.path.join(data_dir, 'h22_fashion_monitored_nan_hook_read_and_decode')
    if not os.path.isdir(out):
        os.makedirs(out)
    convert_to(out, reader.TRAIN_FILE, ITEMS)
    convert_to(out, reader.VALIDATION_FILE, 4)
    batches = run_training(out, batch_size=4, num_epochs=1, max_steps=1000)
    return {'batches': batches, 'end': len(batches)}

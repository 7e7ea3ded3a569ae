"""Fast style transfer trained on sundial shadow photographs.

The content images come from `sun56_lib/reader.image(batch_size, height, width, path,
preprocess_fn, epochs, shuffle)`: a file list from `listdir`, a string producer, `WholeFileReader`,
png-or-jpeg decoding, the VGG-style mean subtraction, and `tf.train.batch(..., dynamic_pad=True)`.
Settings live in a FLAGS-like object as the yaml conf was loaded into; the loop runs until the
epochs are spent.
"""
import os
import time

import numpy as np
import tensorflow.compat.v1 as tf

from sun56_lib import reader
from sun56_lib import preprocessing as preprocessing_factory
from sun56_lib.pngio import write_png

NAME = 'h56_sundial_shadow_photos_fast_style_reader_image_listdir_wholefile_dynamic_pad_batch_flags_package'


class Flag(object):
    def __init__(self, **entries):
        self.__dict__.update(entries)


def read_conf(root):
    # the yaml file of the source, as a dict
    return Flag(naming='gnomon', batch_size=3, image_size=4, epoch=1, content_weight=1.0,
                style_weight=100.0, loss_model='vgg_16', model_path=os.path.join(root, 'models'),
                train_images=os.path.join(root, 'train2014'))


def write_photos(folder):
    if not os.path.exists(folder):
        os.makedirs(folder)
    rng = np.random.RandomState(5614)
    for i in range(9):
        write_png(os.path.join(folder, 'dial_%02d_%02dh.png' % (i, 9 + i)),
                  rng.randint(0, 256, size=(6, 6, 3)).astype(np.uint8))


def transform_net(images):
    with tf.variable_scope('transform'):
        k = tf.get_variable('k', [1, 1, 3, 3], initializer=tf.constant_initializer(0.1))
        return tf.nn.conv2d(images, k, [1, 1, 1, 1], 'SAME')


def main(data_dir):
    root = os.path.join(data_dir, NAME)
    FLAGS = read_conf(root)
    write_photos(FLAGS.train_images)

    # computed beforehand in its own graph by the source (`losses.get_style_features`): numpy here
    style_features_t = np.full([3, 3], 0.5, dtype=np.float32)
    with tf.Graph().as_default():
        with tf.Session() as sess:
            """Build Network"""
            image_preprocessing_fn = preprocessing_factory.get_preprocessing(FLAGS.loss_model, is_training=False)
            processed_images = reader.image(FLAGS.batch_size, FLAGS.image_size, FLAGS.image_size,
                                            FLAGS.train_images, image_preprocessing_fn,
                                            epochs=FLAGS.epoch, shuffle=False)
            generated = transform_net(processed_images / 255.)
            content_loss = tf.reduce_mean(tf.square(generated - processed_images / 255.))
            gram = tf.reduce_mean(tf.square(tf.reduce_mean(generated, [1, 2])))
            style_loss = tf.reduce_mean(tf.square(gram - style_features_t))
            loss = FLAGS.style_weight * style_loss + FLAGS.content_weight * content_loss

            """Prepare to Train"""
            global_step = tf.Variable(0, name="global_step", trainable=False)
            variable_to_train = []
            for variable in tf.trainable_variables():
                if not(variable.name.startswith(FLAGS.loss_model)):
                    variable_to_train.append(variable)
            train_op = tf.train.AdamOptimizer(1e-3).minimize(loss, global_step=global_step, var_list=variable_to_train)

            sess.run([tf.global_variables_initializer(), tf.local_variables_initializer()])

            coord = tf.train.Coordinator()
            threads = tf.train.start_queue_runners(coord=coord)
            start_time = time.time()
            seen = []
            try:
                while not coord.should_stop():
                    _, loss_t, step, batch = sess.run([train_op, loss, global_step, processed_images])
                    elapsed_time = time.time() - start_time
                    start_time = time.time()
                    seen.append([np.round(batch.astype(np.float64), 3).tolist()])
                    """logging"""
                    if step % 10 == 0:
                        pass  # tf.logging.info('step: %d,  total Loss %f, secs/step: %f' % (step, loss_t, elapsed_time))
            except tf.errors.OutOfRangeError:
                pass  # tf.logging.info('Done training -- epoch limit reached')
            finally:
                coord.request_stop()
            coord.join(threads)
    return {"batches": seen, "end": "photos: %d" % sum(len(b[0]) for b in seen)}

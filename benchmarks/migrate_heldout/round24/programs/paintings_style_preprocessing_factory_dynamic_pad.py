"""Fast style transfer training input: a preprocessing function from a factory (a closure over a name),
content images of several sizes read by `reader.image(...)` and batched with dynamic_pad; the loop runs
`while not coord.should_stop()` and saves a checkpoint when the epochs run out."""
import os
import struct
import zlib

import tensorflow.compat.v1 as tf

from style_lib import preprocessing_factory, reader

SIZES = [(4, 4), (4, 6), (5, 3), (3, 5), (6, 4)]


def write_content(folder):
    os.makedirs(folder, exist_ok=True)

    def chunk(kind, data):
        return struct.pack('>I', len(data)) + kind + data + struct.pack('>I', zlib.crc32(kind + data))

    for n, (h, w) in enumerate(SIZES):
        rows = [[(n * 40 + r * 11 + c * 6) % 256 for c in range(w)] for r in range(h)]
        raw = b''.join(b'\x00' + bytes(r) for r in rows)
        head = struct.pack('>IIBBBBB', w, h, 8, 0, 0, 0, 0)
        with open(os.path.join(folder, 'content_%02d.png' % n), 'wb') as f:
            f.write(b'\x89PNG\r\n\x1a\n' + chunk(b'IHDR', head) + chunk(b'IDAT', zlib.compress(raw))
                    + chunk(b'IEND', b''))


class FLAGS(object):
    loss_model = 'scale'
    image_size = 6
    batch_size = 2
    epoch = 2


def main(data_dir):
    folder = os.path.join(data_dir, 'h24_paintings_style_preprocessing_factory_dynamic_pad')
    content_dir = os.path.join(folder, 'train2014')
    write_content(content_dir)
    image_preprocessing_fn = preprocessing_factory.get_preprocessing(FLAGS.loss_model, is_training=False)
    processed_images = reader.image(FLAGS.batch_size, FLAGS.image_size, FLAGS.image_size, content_dir,
                                    image_preprocessing_fn, epochs=FLAGS.epoch, shuffle=False)
    shape = tf.shape(processed_images)
    global_step = tf.Variable(0, name='global_step', trainable=False)
    step_op = tf.assign_add(global_step, 1)
    saver = tf.train.Saver(tf.global_variables(), write_version=tf.train.SaverDef.V2)

    batches = []
    with tf.Session() as sess:
        sess.run([tf.global_variables_initializer(), tf.local_variables_initializer()])
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        end = 'steps'
        try:
            while not coord.should_stop():
                images, s, step = sess.run([processed_images, shape, step_op])
                batches.append({'shape': [s.tolist()] * len(images),
                                'sum': [round(float(im.sum()), 4) for im in images],
                                'padded_cells': [int((im == 0).sum()) for im in images]})
        except tf.errors.OutOfRangeError:
            saver.save(sess, os.path.join(folder, 'fast-style-model.ckpt-done'))
            end = 'OutOfRangeError at step %d' % step
        finally:
            coord.request_stop()
        coord.join(threads)
    return {'batches': batches, 'end': end}

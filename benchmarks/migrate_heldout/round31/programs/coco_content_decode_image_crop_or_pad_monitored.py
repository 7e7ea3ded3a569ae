"""Fast style transfer trainer: COCO content images of any size, cropped or padded, VGG mean removed."""
import os
import struct
import zlib

import numpy as np
import tensorflow.compat.v1 as tf

MEAN_PIXEL = [123.68, 116.779, 103.939]
CONTENT_SIZE = 4
BATCH_SIZE = 2


def save_png(path, img):
    h, w, _ = img.shape
    raw = b''.join(b'\x00' + img[r].tobytes() for r in range(h))
    def chunk(tag, data):
        return struct.pack('>I', len(data)) + tag + data + struct.pack('>I', zlib.crc32(tag + data) & 0xffffffff)
    with open(path, 'wb') as f:
        f.write(b'\x89PNG\r\n\x1a\n' + chunk(b'IHDR', struct.pack('>IIBBBBB', w, h, 8, 2, 0, 0, 0))
                + chunk(b'IDAT', zlib.compress(raw)) + chunk(b'IEND', b''))


def make_train2014(folder):
    rng = np.random.RandomState(2014)
    os.makedirs(folder, exist_ok=True)
    for i in range(7):
        h, w = rng.randint(3, 7), rng.randint(3, 7)
        save_png(os.path.join(folder, 'COCO_train2014_%012d.png' % (i + 9)),
                 rng.randint(0, 256, size=(h, w, 3)).astype(np.uint8))


def _get_files(img_dir):
    files = sorted(tf.gfile.ListDirectory(img_dir))
    return [os.path.join(img_dir, x) for x in files]


def content_image(path_queue):
    reader = tf.WholeFileReader()
    name, contents = reader.read(path_queue)
    image = tf.image.decode_image(contents, channels=3, expand_animations=False)
    image.set_shape([None, None, 3])
    image = tf.image.resize_image_with_crop_or_pad(image, CONTENT_SIZE, CONTENT_SIZE)
    image = tf.cast(image, tf.float32) - tf.constant(MEAN_PIXEL)
    return name, image


def main(data_dir):
    train_path = os.path.join(data_dir, 'h31_coco_content', 'train2014')
    make_train2014(train_path)
    content_targets = _get_files(train_path)

    global_step = tf.train.get_or_create_global_step()
    path_queue = tf.train.string_input_producer(content_targets, num_epochs=1, shuffle=False)
    name, image = content_image(path_queue)
    names, X_content = tf.train.batch([name, image], BATCH_SIZE, allow_smaller_final_batch=True)
    content_mean = tf.reduce_mean(X_content, axis=[1, 2])
    train_step = tf.assign_add(global_step, 1)

    batches = []
    with tf.train.MonitoredTrainingSession(checkpoint_dir=None, save_summaries_steps=None,
                                           log_step_count_steps=None) as sess:
        while not sess.should_stop():
            n, m, step = sess.run([names, content_mean, train_step])
            batches.append({'name': [os.path.basename(x.decode()) for x in n],
                            'mean': np.round(m.astype(np.float64), 3).tolist()})
    end = 'style training stopped after %d batches' % len(batches)
    return {'batches': batches, 'end': end}

"""Facial landmark regression: a CSV (file name + 3 landmark points) beside a folder of grey PNG faces."""
import os

import numpy as np
import tensorflow.compat.v1 as tf

IMAGE_SIZE = 4
NUM_LANDMARKS = 3


def prepare(root, n=8):
    os.makedirs(os.path.join(root, 'faces'), exist_ok=True)
    with tf.Graph().as_default(), tf.Session() as sess:
        ph = tf.placeholder(tf.uint8, [IMAGE_SIZE, IMAGE_SIZE, 1])
        enc = tf.image.encode_png(ph)
        rows = ['image_name,x0,y0,x1,y1,x2,y2']
        for k in range(n):
            img = ((np.arange(IMAGE_SIZE * IMAGE_SIZE) * 13 + k * 29) % 256).astype(np.uint8)
            name = 'face_%03d.png' % k
            with open(os.path.join(root, 'faces', name), 'wb') as f:
                f.write(sess.run(enc, {ph: img.reshape(IMAGE_SIZE, IMAGE_SIZE, 1)}))
            pts = [round(0.1 * ((k + j) % 10), 1) for j in range(2 * NUM_LANDMARKS)]
            rows.append(name + ',' + ','.join(str(p) for p in pts))
    with open(os.path.join(root, 'landmarks.csv'), 'w') as f:
        f.write('\n'.join(rows) + '\n')
    return os.path.join(root, 'landmarks.csv'), os.path.join(root, 'faces')


class LandmarkInput(object):
    def __init__(self, csv_path, image_dir, batch_size):
        self.csv_path = csv_path
        self.image_dir = image_dir
        self.batch_size = batch_size

    def _decode_line(self, line):
        defaults = [['']] + [[0.0]] * (2 * NUM_LANDMARKS)
        fields = tf.decode_csv(line, record_defaults=defaults)
        image_path = tf.string_join([self.image_dir, fields[0]], separator=os.sep)
        image = tf.image.decode_png(tf.read_file(image_path), channels=1)
        image = tf.cast(image, tf.float32) / 255.0
        image.set_shape([IMAGE_SIZE, IMAGE_SIZE, 1])
        landmarks = tf.reshape(tf.stack(fields[1:]), [NUM_LANDMARKS, 2])
        return fields[0], image, landmarks

    def inputs(self):
        with tf.name_scope('input'):
            filename_queue = tf.train.string_input_producer([self.csv_path], num_epochs=1, shuffle=False)
            reader = tf.TextLineReader(skip_header_lines=1)
            _, line = reader.read(filename_queue)
            name, image, landmarks = self._decode_line(line)
            return tf.train.batch([name, image, landmarks], batch_size=self.batch_size,
                                  allow_smaller_final_batch=True)


def main(data_dir):
    csv_path, image_dir = prepare(os.path.join(data_dir, 'h28_face_landmarks_csv_header_join_dir_name_scope'))
    names, images, landmarks = LandmarkInput(csv_path, image_dir, batch_size=3).inputs()
    centre = tf.reduce_mean(landmarks, axis=1)
    brightness = tf.reduce_mean(images, axis=[1, 2, 3])
    batches = []
    with tf.Session() as sess:
        sess.run([tf.global_variables_initializer(), tf.local_variables_initializer()])
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while not coord.should_stop():
                n, c, b = sess.run([names, centre, brightness])
                batches.append([[x.decode() for x in n], np.round(c, 3).tolist(), np.round(b, 4).tolist()])
        except tf.errors.OutOfRangeError:
            print('finished reading landmarks')
        finally:
            coord.request_stop()
            coord.join(threads)
    return {'batches': batches, 'end': 'finished'}

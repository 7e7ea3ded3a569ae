import os
import math

import numpy as np
import tensorflow.compat.v1 as tf

IMAGE_HEIGHT = 4
IMAGE_WIDTH = 6
IMAGE_CHANNELS = 3
CROP_Y = 1
NUM_EXAMPLES_PER_EPOCH_FOR_TRAIN = 20


def _write_drive(drive_dir):
    rng = np.random.RandomState(6302)
    os.makedirs(os.path.join(drive_dir, 'frames'), exist_ok=True)
    with open(os.path.join(drive_dir, 'data.txt'), 'w') as f:
        for i in range(NUM_EXAMPLES_PER_EPOCH_FOR_TRAIN):
            name = os.path.join(drive_dir, 'frames', '%d.raw' % i)
            rng.randint(0, 256, size=(IMAGE_HEIGHT + CROP_Y, IMAGE_WIDTH, IMAGE_CHANNELS)).astype(np.uint8).tofile(name)
            f.write('%s,%.2f,%d\n' % (name, rng.uniform(-30, 30), rng.randint(0, 90)))


def _generate_image_and_label_batch(image, label, min_queue_examples,
                                    batch_size=128, shuffle=False):
    """Construct a queued batch of images and steering angles."""
    num_preprocess_threads = 1
    if shuffle:
        images, label_batch = tf.train.shuffle_batch(
            [image, label], batch_size=batch_size, num_threads=num_preprocess_threads,
            capacity=min_queue_examples + 3 * batch_size, min_after_dequeue=min_queue_examples)
    else:
        images, label_batch = tf.train.batch(
            [image, label], batch_size=batch_size, num_threads=num_preprocess_threads,
            capacity=min_queue_examples + 3 * batch_size)
    return images, label_batch


def read_frame(line):
    path, steering, speed = tf.decode_csv(line, record_defaults=[[''], [0.0], [0]])
    raw = tf.decode_raw(tf.read_file(path), tf.uint8)
    frame = tf.reshape(raw, [IMAGE_HEIGHT + CROP_Y, IMAGE_WIDTH, IMAGE_CHANNELS])
    frame = frame[CROP_Y:, :, :]
    frame = tf.cast(frame, tf.float32) / 127.5 - 1.0
    # the steering wheel angle is proportional to the inverse turning radius, keep it in radians
    angle = steering * math.pi / 180
    return frame, tf.stack([angle, tf.cast(speed, tf.float32)])


def inputs(drive_dir, batch_size):
    filename_queue = tf.train.string_input_producer([os.path.join(drive_dir, 'data.txt')], num_epochs=1, shuffle=False)
    reader = tf.TextLineReader()
    _, line = reader.read(filename_queue)
    image, label = read_frame(line)
    min_queue_examples = int(NUM_EXAMPLES_PER_EPOCH_FOR_TRAIN * 0.4)
    return _generate_image_and_label_batch(image, label, min_queue_examples, batch_size, shuffle=False)


def main(data_dir):
    drive_dir = os.path.join(data_dir, 'h63_dashcam_steering_angles_csv_text_line_reader_raw_frames_read_file_generate_batch_constants')
    _write_drive(drive_dir)
    xs, ys = inputs(drive_dir, 5)
    sess = tf.InteractiveSession()
    tf.local_variables_initializer().run()
    coord = tf.train.Coordinator()
    threads = tf.train.start_queue_runners(coord=coord)
    result = []
    i = 0
    try:
        while True:
            x, y = sess.run([xs, ys])
            result.append([x.tolist(), np.round(y, 5).tolist()])
            i += 1
    except tf.errors.OutOfRangeError:
        pass
    coord.request_stop()
    coord.join(threads)
    sess.close()
    return {'batches': result, 'end': 'epoch finished after %d batches' % i}

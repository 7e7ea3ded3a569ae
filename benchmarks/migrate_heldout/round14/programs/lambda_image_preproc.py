"""Generic image pipeline taking its decode step as a **lambda passed as the parse function**
(`parse_fn=lambda contents: preprocess(tf.image.decode_png(contents, channels=1))`): sorted files from
`tf.gfile.Glob`, `WholeFileReader`, **`tf.image` preprocessing between the read and the batch**
(`convert_image_dtype`, `resize_image_with_crop_or_pad`, `flip_up_down`, `per_image_standardization`), two epochs,
`tf.train.batch` of the file key and the image."""

import os

import tensorflow.compat.v1 as tf


def make_image_pipeline(file_pattern, parse_fn, batch_size, num_epochs=1):
    filenames = sorted(tf.gfile.Glob(file_pattern))
    filename_queue = tf.train.string_input_producer(filenames, num_epochs=num_epochs, shuffle=False)
    reader = tf.WholeFileReader()
    key, contents = reader.read(filename_queue)
    image = parse_fn(contents)
    return tf.train.batch([key, image], batch_size=batch_size, allow_smaller_final_batch=True)


def preprocess(image):
    image = tf.image.convert_image_dtype(image, tf.float32)
    image = tf.image.resize_image_with_crop_or_pad(image, 6, 6)
    image = tf.image.flip_up_down(image)
    image = tf.image.per_image_standardization(image)
    image.set_shape([6, 6, 1])
    return image


def main(data_dir):
    keys, images = make_image_pipeline(
        os.path.join(data_dir, 'image-*.png'),
        parse_fn=lambda contents: preprocess(tf.image.decode_png(contents, channels=1)),
        batch_size=4, num_epochs=2)

    batches, end = [], None
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while not coord.should_stop():
                k, im = sess.run([keys, images])
                batches.append([[os.path.basename(x.decode()) for x in k],
                                [[round(float(p), 5) for p in row] for row in im.reshape(len(im), -1)]])
        except tf.errors.OutOfRangeError:
            end = 'OutOfRangeError'
        finally:
            coord.request_stop()
            coord.join(threads)
    return {'batches': batches, 'end': end}

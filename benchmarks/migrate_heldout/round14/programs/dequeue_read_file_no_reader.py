"""Image reader with **no reader object**: the helper `read_image_op(filename_queue, height, width)` takes a file
name straight from the producer with **`filename_queue.dequeue()`** and reads it with `tf.read_file`, decodes,
scales with `tf.to_float(...) / 255.` and resizes; `import tensorflow as tf` with a `tf1 = tf.compat.v1` alias;
`with Session()` + coordinator, loop to `OutOfRangeError`."""

import os

import tensorflow as tf

tf1 = tf.compat.v1


def read_image_op(filename_queue, height, width):
    filename = filename_queue.dequeue()
    image_raw = tf1.read_file(filename)
    image = tf.image.decode_png(image_raw, channels=1)
    image = tf1.to_float(image) / 255.
    image = tf1.image.resize_images(image, [height, width], method=tf1.image.ResizeMethod.NEAREST_NEIGHBOR)
    image.set_shape([height, width, 1])
    return filename, image


def main(data_dir):
    filenames = [os.path.join(data_dir, 'image-%d.png' % i) for i in range(6)]
    filename_queue = tf1.train.string_input_producer(filenames, num_epochs=2, shuffle=False)
    filename, image = read_image_op(filename_queue, 2, 2)
    name_batch, image_batch = tf1.train.batch([filename, image], batch_size=4, allow_smaller_final_batch=True)

    batches, end = [], None
    with tf1.Session() as sess:
        sess.run(tf1.local_variables_initializer())
        coord = tf1.train.Coordinator()
        threads = tf1.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while not coord.should_stop():
                names, images = sess.run([name_batch, image_batch])
                batches.append([[os.path.basename(n.decode()) for n in names],
                                images.reshape(len(images), -1).tolist()])
        except tf.errors.OutOfRangeError:
            end = 'OutOfRangeError'
        finally:
            coord.request_stop()
            coord.join(threads)
    return {'batches': batches, 'end': end}

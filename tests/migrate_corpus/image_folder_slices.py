"""The image-folder example: file names and labels sliced, each file read and decoded, batched."""

import os

import tensorflow.compat.v1 as tf


def read_images_from_disk(input_queue):
    label = input_queue[1]
    file_contents = tf.read_file(input_queue[0])
    example = tf.image.decode_png(file_contents, channels=1)
    return example, label


def main(data_dir):
    image_list = [os.path.join(data_dir, "image-%d.png" % i) for i in range(6)]
    label_list = list(range(6))
    images = tf.convert_to_tensor(image_list, dtype=tf.string)
    labels = tf.convert_to_tensor(label_list, dtype=tf.int32)
    input_queue = tf.train.slice_input_producer([images, labels], num_epochs=3, shuffle=False)
    image, label = read_images_from_disk(input_queue)
    image = tf.cast(image, tf.float32) / 255.0
    image.set_shape([4, 4, 1])
    image_batch, label_batch = tf.train.batch([image, label], batch_size=4, allow_smaller_final_batch=True)
    out = []
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(coord=coord, sess=sess)
        try:
            while not coord.should_stop():
                a, b = sess.run([image_batch, label_batch])
                out.append([a.tolist(), b.tolist()])
        except tf.errors.OutOfRangeError:
            end = "OutOfRangeError"
        finally:
            coord.request_stop()
        coord.join(threads)
    return {"batches": out, "end": end}

"""Image paths and labels from a listing helper, slice_input_producer, tf.read_file + decode_png in a helper
taking the input queue, batch with num_threads=1."""

import os

import tensorflow.compat.v1 as tf


def list_images(data_dir):
    names = sorted(n for n in os.listdir(data_dir) if n.endswith(".png"))
    paths = [os.path.join(data_dir, n) for n in names]
    labels = [int(n.split("-")[1].split(".")[0]) for n in names]
    return paths, labels


def read_images_from_disk(input_queue):
    label = input_queue[1]
    file_contents = tf.read_file(input_queue[0])
    example = tf.image.decode_png(file_contents, channels=1)
    example = tf.reshape(example, [16])
    return example, label


def main(data_dir):
    image_list, label_list = list_images(data_dir)
    images = tf.convert_to_tensor(image_list, dtype=tf.string)
    labels = tf.convert_to_tensor(label_list, dtype=tf.int32)
    input_queue = tf.train.slice_input_producer([images, labels], num_epochs=3, shuffle=False)
    image, label = read_images_from_disk(input_queue)
    image_batch, label_batch = tf.train.batch([image, label], batch_size=4, num_threads=1,
                                              allow_smaller_final_batch=True)
    out = []
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while not coord.should_stop():
                i, l = sess.run([image_batch, label_batch])
                out.append([i.tolist(), l.tolist()])
        except tf.errors.OutOfRangeError:
            end = "OutOfRangeError"
        finally:
            coord.request_stop()
        coord.join(threads)
    return {"batches": out, "end": end}

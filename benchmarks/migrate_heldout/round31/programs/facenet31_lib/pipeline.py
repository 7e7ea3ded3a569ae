import tensorflow.compat.v1 as tf


def read_image_from_disk(filename, image_size):
    file_contents = tf.read_file(filename)
    image = tf.image.decode_png(file_contents, channels=1)
    image = tf.image.resize_image_with_crop_or_pad(image, image_size, image_size)
    image.set_shape((image_size, image_size, 1))
    return tf.cast(image, tf.int32)


def create_input_pipeline(input_queue, image_size, nrof_preprocess_threads, batch_size_placeholder):
    images_and_labels_list = []
    for _ in range(nrof_preprocess_threads):
        filenames, label = input_queue.dequeue()
        images = []
        for filename in tf.unstack(filenames):
            images.append(read_image_from_disk(filename, image_size))
        images_and_labels_list.append([images, label])

    image_batch, label_batch = tf.train.batch_join(
        images_and_labels_list, batch_size=batch_size_placeholder,
        shapes=[(image_size, image_size, 1), ()], enqueue_many=True,
        capacity=4 * nrof_preprocess_threads * 100,
        allow_smaller_final_batch=True)
    return image_batch, label_batch

import os

import numpy as np
import tensorflow as tf;

tf = tf.compat.v1;

TRAINING_ROUNDS = 3;
learning_rate = 0.01;


def write_quadrats(out):
    rng = np.random.RandomState(55)
    for shard in range(2):
        with tf.python_io.TFRecordWriter(os.path.join(out, 'quadrats-%d.tfrecords' % shard)) as w:
            for i in range(6):
                cover = rng.randint(0, 101, size=(2, 2, 3)).astype(np.uint8)  # spartina, salicornia, bare
                ex = tf.train.Example(features=tf.train.Features(feature={
                    'image': tf.train.Feature(bytes_list=tf.train.BytesList(value=[cover.tobytes()])),
                    'label': tf.train.Feature(int64_list=tf.train.Int64List(value=[shard * 6 + i])),
                    'height': tf.train.Feature(int64_list=tf.train.Int64List(value=[2])),
                    'width': tf.train.Feature(int64_list=tf.train.Int64List(value=[2])),
                    'channels': tf.train.Feature(int64_list=tf.train.Int64List(value=[3])),
                }))
                w.write(ex.SerializeToString())


def preprocess_for_train(image, height, width, bbox):
    image = tf.cast(image, tf.float32) / 100.0;
    return image;


def inference(image_batch):
    return tf.reduce_mean(image_batch, axis=[1, 2]);


def main(data_dir):
    out = os.path.join(data_dir, 'h55_marsh_quadrats')
    os.makedirs(out, exist_ok=True)
    write_quadrats(out)

    files = tf.train.match_filenames_once(os.path.join(out, 'quadrats-*'));
    file_name_queue = tf.train.string_input_producer(tf.convert_to_tensor(files), shuffle=False, num_epochs=1);

    reader = tf.TFRecordReader();
    _, serialized_example = reader.read(file_name_queue);
    # get the features from TFRecords files
    features = tf.parse_single_example(
        serialized_example,
        features={
            'image': tf.FixedLenFeature([], tf.string),
            'label': tf.FixedLenFeature([], tf.int64),
            'height': tf.FixedLenFeature([], tf.int64),
            'width': tf.FixedLenFeature([], tf.int64),
            'channels': tf.FixedLenFeature([], tf.int64)});

    image, label = features['image'], features['label'];
    height, width = features['height'], features['width'];
    channels = features['channels'];
    decoded_image = tf.decode_raw(image, tf.uint8);
    decoded_image = tf.reshape(decoded_image, tf.stack([height, width, channels]));
    decoded_image.set_shape([2, 2, 3]);

    # pre-process images
    image_size = 2;
    distorted_image = preprocess_for_train(decoded_image, image_size, image_size, None);

    min_after_dequeue = 4;
    batch_size = 4;
    capacity = min_after_dequeue + 3 * batch_size;
    image_batch, label_batch = tf.train.shuffle_batch(
        [distorted_image, label], batch_size=batch_size,
        capacity=capacity, min_after_dequeue=min_after_dequeue, seed=55)

    logit = inference(image_batch);

    batches = []
    with tf.Session() as sess:
        tf.global_variables_initializer().run();
        tf.local_variables_initializer().run();
        coord = tf.train.Coordinator();
        threads = tf.train.start_queue_runners(sess=sess, coord=coord);

        for i in range(TRAINING_ROUNDS):
            l, lab = sess.run([logit, label_batch]);
            batches.append([np.round(l.astype(np.float64), 4).tolist(), lab.tolist()])

        coord.request_stop();
        coord.join(threads=threads)
    return {"batches": batches, "end": "quadrats: %d" % sum(len(b[1]) for b in batches)}

import os;

import numpy as np;
import tensorflow as tf;

learning_rate = 0.01;
TRAINING_ROUNDS = 3;


def write_crystal_records(out):
    rng = np.random.RandomState(5454);
    n = 0;
    for shard in range(2):
        writer = tf.compat.v1.python_io.TFRecordWriter(os.path.join(out, "crystals.tfrecords-%d" % shard));
        for i in range(6):
            image = rng.randint(0, 256, size=(2, 3, 1)).astype(np.uint8);
            example = tf.train.Example(features=tf.train.Features(feature={
                'image': tf.train.Feature(bytes_list=tf.train.BytesList(value=[image.tobytes()])),
                'label': tf.train.Feature(int64_list=tf.train.Int64List(value=[n % 4])),
                'height': tf.train.Feature(int64_list=tf.train.Int64List(value=[2])),
                'width': tf.train.Feature(int64_list=tf.train.Int64List(value=[3])),
                'channels': tf.train.Feature(int64_list=tf.train.Int64List(value=[1]))}));
            writer.write(example.SerializeToString());
            n += 1;
        writer.close();


def preprocess_for_train(image, height, width, bbox):
    image = tf.cast(image, tf.float32) / 255.0;
    return image;


def inference(images):
    flat = tf.reshape(images, [-1, 6]);
    weights = tf.compat.v1.get_variable("weights", [6, 4], initializer=tf.compat.v1.zeros_initializer());
    return tf.matmul(flat, weights);


def calc_loss(logit, labels):
    return tf.reduce_mean(tf.nn.sparse_softmax_cross_entropy_with_logits(labels=labels, logits=logit));


def main(data_dir):
    out = os.path.join(data_dir, "h54_sugar_crystals");
    if not os.path.exists(out):
        os.makedirs(out);
    write_crystal_records(out);

    files = tf.compat.v1.train.match_filenames_once(os.path.join(out, 'crystals.tfrecords-*'));
    file_name_queue = tf.compat.v1.train.string_input_producer(tf.convert_to_tensor(files), shuffle=False, num_epochs=1);

    reader = tf.compat.v1.TFRecordReader();
    _, serialized_example = reader.read(file_name_queue);
    # get the features from TFRecords files
    features = tf.compat.v1.parse_single_example(
        serialized_example,
        features={
            'image':tf.compat.v1.FixedLenFeature([], tf.string),
            'label':tf.compat.v1.FixedLenFeature([], tf.int64),
            'height':tf.compat.v1.FixedLenFeature([], tf.int64),
            'width':tf.compat.v1.FixedLenFeature([], tf.int64),
            'channels':tf.compat.v1.FixedLenFeature([], tf.int64)});

    image, label = features['image'], features['label'];
    height, width = features['height'], features['width'];
    channels = features['channels'];
    decoded_image = tf.compat.v1.decode_raw(image, tf.uint8);
    decoded_image = tf.reshape(decoded_image, tf.stack([height, width, channels]));
    decoded_image.set_shape([2, 3, 1]);

    # pre-process images
    image_size = 3;
    distorted_image = preprocess_for_train(decoded_image, image_size, image_size, None);

    min_after_dequeue = 4;
    batch_size = 4;
    capacity = min_after_dequeue + 3 * batch_size;
    image_batch, label_batch = tf.compat.v1.train.shuffle_batch(
        [distorted_image, tf.cast(label, tf.int32)], batch_size=batch_size,
        capacity=capacity, min_after_dequeue=min_after_dequeue, seed=54);

    logit = inference(image_batch);
    loss = calc_loss(logit, label_batch);
    train_step = tf.compat.v1.train.GradientDescentOptimizer(learning_rate=learning_rate).minimize(loss);

    batches = [];
    with tf.compat.v1.Session() as sess:
        tf.compat.v1.initialize_all_variables().run();
        tf.compat.v1.local_variables_initializer().run();
        coord = tf.compat.v1.train.Coordinator();
        threads = tf.compat.v1.train.start_queue_runners(sess=sess, coord=coord);

        for i in range(TRAINING_ROUNDS):
            _, images, labels = sess.run([train_step, image_batch, label_batch]);
            batches.append([np.round(images.reshape(len(labels), -1).astype(np.float64), 5).tolist(), labels.tolist()]);

        coord.request_stop();
        coord.join(threads=threads);
    return {"batches": batches, "end": "crystal images: %d" % sum(len(b[1]) for b in batches)};

#coding=utf-8
# 7.3.4 输入数据处理框架 -- 葡萄园滴灌阀门的排程记录
import os

import numpy as np
import tensorflow.compat.v1 as tf

# 模型相关的参数
INPUT_NODE = 4
OUTPUT_NODE = 3
LAYER1_NODE = 5
REGULARAZTION_RATE = 0.0001
TRAINING_STEPS = 3


def write_output(path):
    # 把阀门排程(2x2, uint8)写成 image_raw / pixels / label 的样例
    def _int64_feature(value):
        return tf.train.Feature(int64_list=tf.train.Int64List(value=[value]))

    def _bytes_feature(value):
        return tf.train.Feature(bytes_list=tf.train.BytesList(value=[value]))

    rng = np.random.RandomState(7)
    writer = tf.python_io.TFRecordWriter(path)
    for index in range(12):
        schedule = rng.randint(0, 60, size=4).astype(np.uint8)
        schedule[0] = index
        image_raw = schedule.tobytes()
        example = tf.train.Example(features=tf.train.Features(feature={
            'pixels': _int64_feature(4),
            'label': _int64_feature(int(index % 3)),
            'image_raw': _bytes_feature(image_raw)}))
        writer.write(example.SerializeToString())
    writer.close()


def inference(input_tensor, weights1, biases1, weights2, biases2):
    layer1 = tf.nn.relu(tf.matmul(input_tensor, weights1) + biases1)
    return tf.matmul(layer1, weights2) + biases2


def main(data_dir):
    folder = os.path.join(data_dir, 'h52_valve_schedules')
    if not os.path.exists(folder):
        os.makedirs(folder)
    write_output(os.path.join(folder, 'output.tfrecords'))

    files = tf.train.match_filenames_once(os.path.join(folder, 'output.tfrecords'))
    # (TF 2's compat producer cannot take the variable itself: its value is read first)
    filename_queue = tf.train.string_input_producer(tf.identity(files), shuffle=False, num_epochs=1)

    # 读取文件。
    reader = tf.TFRecordReader()
    _, serialized_example = reader.read(filename_queue)

    # 解析读取的样例。
    features = tf.parse_single_example(
        serialized_example,
        features={
            'image_raw': tf.FixedLenFeature([], tf.string),
            'pixels': tf.FixedLenFeature([], tf.int64),
            'label': tf.FixedLenFeature([], tf.int64)
        })

    decoded_images = tf.decode_raw(features['image_raw'], tf.uint8)
    retyped_images = tf.cast(decoded_images, tf.float32)
    labels = tf.cast(features['label'], tf.int32)
    #pixels = tf.cast(features['pixels'],tf.int32)
    images = tf.reshape(retyped_images, [4])
    min_after_dequeue = 4
    batch_size = 4
    capacity = min_after_dequeue + 3 * batch_size

    image_batch, label_batch = tf.train.shuffle_batch([images, labels],
                                                      batch_size=batch_size,
                                                      capacity=capacity,
                                                      min_after_dequeue=min_after_dequeue)

    weights1 = tf.Variable(tf.truncated_normal([INPUT_NODE, LAYER1_NODE], stddev=0.1, seed=1))
    biases1 = tf.Variable(tf.constant(0.1, shape=[LAYER1_NODE]))

    weights2 = tf.Variable(tf.truncated_normal([LAYER1_NODE, OUTPUT_NODE], stddev=0.1, seed=2))
    biases2 = tf.Variable(tf.constant(0.1, shape=[OUTPUT_NODE]))

    y = inference(image_batch, weights1, biases1, weights2, biases2)

    # 计算交叉熵及其平均值
    cross_entropy = tf.nn.sparse_softmax_cross_entropy_with_logits(logits=y, labels=label_batch)
    cross_entropy_mean = tf.reduce_mean(cross_entropy)

    # 损失函数的计算
    # (tf.contrib.layers.l2_regularizer in the book)
    regularaztion = REGULARAZTION_RATE * (tf.nn.l2_loss(weights1) + tf.nn.l2_loss(weights2))
    loss = cross_entropy_mean + regularaztion

    # 优化损失函数
    train_step = tf.train.GradientDescentOptimizer(0.01).minimize(loss)

    batches = []
    # 初始化会话，并开始训练过程。
    with tf.Session() as sess:
        tf.global_variables_initializer().run()
        tf.local_variables_initializer().run()
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        # 循环的训练神经网络。
        for i in range(TRAINING_STEPS):
            if i % 1000 == 0:
                print("After %d training step(s)." % i)
            _, xs, ys = sess.run([train_step, image_batch, label_batch])
            batches.append([xs.tolist(), ys.tolist()])
        coord.request_stop()
        coord.join(threads)
    return {"batches": batches, "end": "schedules: %d" % sum(len(b[1]) for b in batches)}

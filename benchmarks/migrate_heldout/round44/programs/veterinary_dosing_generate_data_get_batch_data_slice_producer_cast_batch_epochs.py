import os
import tensorflow as tf
import numpy as np
import math

tf = tf.compat.v1

num_examples = 10
batch_size = 5
num_epochs = 2  # 1个epoch要迭代math.ceil(num_examples / batch_size) = 2次，也就是2个step，这里设置训练2轮，也就是4个step

DATA_FILE = None


def generate_data():
    num = num_examples
    label = np.asarray(range(0, num))  # patient ids
    rng = np.random.RandomState(44)
    # body weight (kg), dose (mg/kg), heart rate / 100 for each patient
    images = np.round(rng.random_sample([num, 3]) * [40.0, 10.0, 1.6], 2)
    np.savez(DATA_FILE, label=label, images=images)
    loaded = np.load(DATA_FILE)
    return loaded['label'], loaded['images']


def get_batch_data():
    label, images = generate_data()
    images = tf.cast(images, tf.float32)  # Casts a tensor to a new type
    label = tf.cast(label, tf.int32)

    # 官方文档：slice_input_producer 每次取出一个病例
    input_queue = tf.train.slice_input_producer([images, label], shuffle=False, num_epochs=num_epochs)
    image_batch, label_batch = tf.train.batch(input_queue, batch_size=batch_size, num_threads=1, capacity=64,
                                              allow_smaller_final_batch=False)
    return image_batch, label_batch


def main(data_dir):
    global DATA_FILE
    folder = os.path.join(data_dir, "h44_vet_dosing")
    if not os.path.isdir(folder):
        os.makedirs(folder)
    DATA_FILE = os.path.join(folder, "dosing.npz")
    image_batch, label_batch = get_batch_data()
    batches = []
    with tf.Session() as sess:
        sess.run(tf.global_variables_initializer())
        sess.run(tf.local_variables_initializer())  # 必须初始化 local 变量 (num_epochs)
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess, coord)
        epoch = 0
        try:
            while not coord.should_stop():
                image_batch_v, label_batch_v = sess.run([image_batch, label_batch])
                epoch += 1
                batches.append([np.round(image_batch_v.astype(np.float64), 2).tolist(), label_batch_v.tolist()])
        except tf.errors.OutOfRangeError:
            end = 'done after %d steps (%d per epoch)' % (epoch, math.ceil(num_examples / batch_size))
        finally:
            coord.request_stop()
        coord.join(threads)
    return {"batches": batches, "end": end}

import tensorflow as tf
import pickle
import os
import struct
import zlib
import numpy as np

trainDataPath = "E:/毕业设计/数据集/calligraphy/train"
testDataPath = "E:/毕业设计/数据集/calligraphy/test"
NUM_CHARS = 4
batch_size = 4


def _png_gray(path, arr):
    h, w = arr.shape
    raw = b''.join(b'\x00' + arr[y].tobytes() for y in range(h))

    def chunk(t, d):
        return struct.pack('>I', len(d)) + t + d + struct.pack('>I', zlib.crc32(t + d) & 0xffffffff)
    with open(path, 'wb') as f:
        f.write(b'\x89PNG\r\n\x1a\n' + chunk(b'IHDR', struct.pack('>IIBBBBB', w, h, 8, 0, 0, 0, 0))
                + chunk(b'IDAT', zlib.compress(raw)) + chunk(b'IEND', b''))


def _make_chars(root):
    rng = np.random.RandomState(3759)
    for split, per_char in (('train', 2), ('test', 1)):
        for char in range(NUM_CHARS):
            d = os.path.join(root, split, '%05d' % char)
            os.makedirs(d)
            for k in range(per_char):
                _png_gray(os.path.join(d, '%d.png' % k), rng.randint(0, 256, size=(4, 4)).astype(np.uint8))


def read_data(dataPath):
    count = 0
    image_files=[]
    label_arr=[]
    for char in sorted(os.listdir(dataPath)):
        if count % 10 == 0:
            pass  # print("# PROGRESS #", count, " / 3755")
        for image in sorted(os.listdir(os.path.join(dataPath,char))):
            image_files.append(os.path.join(dataPath,char,image))
            label_arr.append(int(char))
        count += 1
    images = tf.convert_to_tensor(image_files)
    labels = tf.convert_to_tensor(label_arr)
    return images,labels


def pre_process(images):
    return images - 0.5


def main(data_dir):
    global trainDataPath, testDataPath
    root = os.path.join(data_dir, 'h59_calligraphy_chars')
    if not os.path.isdir(root):
        _make_chars(root)
    trainDataPath = os.path.join(root, 'train')
    testDataPath = os.path.join(root, 'test')

    images,labels = read_data(trainDataPath)
    images_eval,labels_eval = read_data(testDataPath)

    input_queue = tf.compat.v1.train.slice_input_producer([images, labels], num_epochs=1, seed=7)
    labels = input_queue[1]
    images_content = tf.io.read_file(input_queue[0])
    # images = tf.image.decode_png(images_content, channels=1)
    images = tf.image.convert_image_dtype(tf.image.decode_png(images_content, channels=1), tf.float32)
    images = pre_process(images)
    images.set_shape([4, 4, 1])
    # one hot
    labels = tf.one_hot(labels, NUM_CHARS)
    image_batch, label_batch = tf.compat.v1.train.shuffle_batch([images, labels], batch_size=batch_size, capacity=50, min_after_dequeue=2, seed=7)

    input_queue_eval = tf.compat.v1.train.slice_input_producer([images_eval, labels_eval], num_epochs=1, shuffle=False)
    labels_eval = input_queue_eval[1]
    images_content_eval = tf.io.read_file(input_queue_eval[0])
    images_eval = tf.image.convert_image_dtype(tf.image.decode_png(images_content_eval, channels=1), tf.float32)
    images_eval = pre_process(images_eval)
    images_eval.set_shape([4, 4, 1])
    labels_eval = tf.one_hot(labels_eval, NUM_CHARS)
    image_batch_eval, label_batch_eval = tf.compat.v1.train.batch([images_eval, labels_eval], batch_size=batch_size, capacity=50)

    batches = []
    sess = tf.compat.v1.Session()
    sess.run(tf.compat.v1.global_variables_initializer())
    sess.run(tf.compat.v1.local_variables_initializer())
    coord = tf.compat.v1.train.Coordinator()
    threads = tf.compat.v1.train.start_queue_runners(sess=sess, coord=coord)
    try:
        while not coord.should_stop():
            x, y = sess.run([image_batch, label_batch])
            batches.append([x.tolist(), y.tolist()])
    except tf.errors.OutOfRangeError:
        pass
    try:
        while True:
            x, y = sess.run([image_batch_eval, label_batch_eval])
            batches.append([x.tolist(), y.tolist()])
    except tf.errors.OutOfRangeError:
        end = 'train and test read once'
    coord.request_stop()
    coord.join(threads)
    sess.close()
    return {"batches": batches, "end": end}

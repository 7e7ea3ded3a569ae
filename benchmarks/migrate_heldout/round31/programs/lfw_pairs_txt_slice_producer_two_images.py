"""Validate on LFW: pairs.txt parsed in Python, both images of each pair read in the pipeline."""
import os
import struct
import zlib

import numpy as np
import tensorflow.compat.v1 as tf

PEOPLE = ['Abel_Pacheco', 'Akhmed_Zakayev', 'Amber_Tamblyn', 'Anders_Fogh_Rasmussen']


def write_png(path, img):
    h, w = img.shape
    raw = b''.join(b'\x00' + img[r].tobytes() for r in range(h))
    def chunk(tag, data):
        return struct.pack('>I', len(data)) + tag + data + struct.pack('>I', zlib.crc32(tag + data) & 0xffffffff)
    with open(path, 'wb') as f:
        f.write(b'\x89PNG\r\n\x1a\n' + chunk(b'IHDR', struct.pack('>IIBBBBB', w, h, 8, 0, 0, 0, 0))
                + chunk(b'IDAT', zlib.compress(raw)) + chunk(b'IEND', b''))


def make_lfw(lfw_dir, pairs_path):
    rng = np.random.RandomState(1337)
    for person in PEOPLE:
        os.makedirs(os.path.join(lfw_dir, person), exist_ok=True)
        for k in range(1, 4):
            write_png(os.path.join(lfw_dir, person, '%s_%04d.png' % (person, k)),
                      rng.randint(0, 256, size=(3, 3)).astype(np.uint8))
    with open(pairs_path, 'w') as f:
        f.write('1\t7\n')
        f.write('Abel_Pacheco\t1\t2\nAkhmed_Zakayev\t1\t3\nAmber_Tamblyn\t2\t3\n')
        f.write('Abel_Pacheco\t1\tAmber_Tamblyn\t1\nAkhmed_Zakayev\t2\tAnders_Fogh_Rasmussen\t3\n')
        f.write('Anders_Fogh_Rasmussen\t1\t2\nAmber_Tamblyn\t3\tAbel_Pacheco\t3\n')


def read_pairs(pairs_filename):
    pairs = []
    with open(pairs_filename, 'r') as f:
        for line in f.readlines()[1:]:
            pair = line.strip().split()
            pairs.append(pair)
    return np.array(pairs, dtype=object)


def add_extension(path):
    return path + '.png'


def get_paths(lfw_dir, pairs):
    nrof_skipped_pairs = 0
    path_list = []
    issame_list = []
    for pair in pairs:
        if len(pair) == 3:
            path0 = add_extension(os.path.join(lfw_dir, pair[0], pair[0] + '_' + '%04d' % int(pair[1])))
            path1 = add_extension(os.path.join(lfw_dir, pair[0], pair[0] + '_' + '%04d' % int(pair[2])))
            issame = True
        elif len(pair) == 4:
            path0 = add_extension(os.path.join(lfw_dir, pair[0], pair[0] + '_' + '%04d' % int(pair[1])))
            path1 = add_extension(os.path.join(lfw_dir, pair[2], pair[2] + '_' + '%04d' % int(pair[3])))
            issame = False
        if os.path.exists(path0) and os.path.exists(path1):
            path_list += (path0, path1)
            issame_list.append(issame)
        else:
            nrof_skipped_pairs += 1
    return path_list, issame_list


def read_image(path):
    image = tf.image.decode_png(tf.read_file(path), channels=1)
    image.set_shape([3, 3, 1])
    return tf.image.per_image_standardization(image)


def main(data_dir):
    lfw_dir = os.path.join(data_dir, 'h31_lfw_pairs', 'lfw_mtcnnpy_160')
    pairs_path = os.path.join(data_dir, 'h31_lfw_pairs', 'pairs.txt')
    make_lfw(lfw_dir, pairs_path)
    pairs = read_pairs(pairs_path)
    paths, actual_issame = get_paths(lfw_dir, pairs)

    first, second, issame = tf.train.slice_input_producer(
        [paths[0::2], paths[1::2], actual_issame], shuffle=False, num_epochs=1)
    image0 = read_image(first)
    image1 = read_image(second)
    images0, images1, issame_batch = tf.train.batch([image0, image1, issame], batch_size=3,
                                                    allow_smaller_final_batch=True)
    distance = tf.reduce_sum(tf.square(images0 - images1), axis=[1, 2, 3])

    batches = []
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(coord=coord, sess=sess)
        try:
            while not coord.should_stop():
                d, s = sess.run([distance, issame_batch])
                batches.append({'distance': np.round(d.astype(np.float64), 3).tolist(), 'issame': s.tolist()})
        except tf.errors.OutOfRangeError:
            end = 'evaluated %d pairs' % len(actual_issame)
        finally:
            coord.request_stop()
        coord.join(threads)
    return {'batches': batches, 'end': end}

# -*- coding: utf-8 -*-
# 레이더 반사도 영상을 input pipeline 으로 읽는다
import glob
import os
import struct
import zlib

import numpy as np
import tensorflow.compat.v1 as tf


def _png_grey(arr):
    arr = np.asarray(arr, np.uint8)
    h, w = arr.shape
    raw = b''.join(b'\x00' + arr[y].tobytes() for y in range(h))

    def chunk(kind, data):
        return struct.pack('>I', len(data)) + kind + data + struct.pack('>I', zlib.crc32(kind + data) & 0xffffffff)
    return (b'\x89PNG\r\n\x1a\n' + chunk(b'IHDR', struct.pack('>IIBBBBB', w, h, 8, 0, 0, 0, 0)) +
            chunk(b'IDAT', zlib.compress(raw)) + chunk(b'IEND', b''))


def _make_radar_frames(img_dir):
    rng = np.random.RandomState(4209)
    for minute in range(0, 100, 10):
        # dBZ 0..70 을 0..255 로 저장
        dbz = rng.uniform(0, 70, size=(6, 6))
        with open(os.path.join(img_dir, 'RDR_CMP_201807011%03d.png' % minute), 'wb') as f:
            f.write(_png_grey(dbz * 255.0 / 70.0))


def main(data_dir):
    img_dir = os.path.join(data_dir, 'h42_radar_png_frames', 'imgs')
    if not os.path.isdir(img_dir):
        os.makedirs(img_dir)
    _make_radar_frames(img_dir)

    # step 1
    fnames = glob.glob(os.path.join(img_dir, "*"))

    # step 2 : FIFO queue를 생성하고 filename을 담는다.
    # shuffling, epoch limit도 이 메소드가 지원한다.
    fname_queue = tf.train.string_input_producer(fnames, num_epochs=1)

    # step 3 : file format에 알맞는 FileReader 설정
    reader = tf.WholeFileReader()
    fname, content = reader.read(fname_queue)

    # step 4 : decode
    image = tf.image.decode_png(content, channels=1)
    # 여기서 decode_image를 사용하면 더 좋지만 shape=<unknown>이 되어
    # ValueError: 'images' contains no shape. 발생

    # step 5 : Optional preprocessing ( resize, batch, ... )
    image = tf.cast(image, tf.float32)
    resized_image = tf.image.resize_images(image, [4, 4], method=tf.image.ResizeMethod.NEAREST_NEIGHBOR)
    image_batch = tf.train.batch([resized_image], batch_size=5)

    sess = tf.Session()
    sess.run(tf.local_variables_initializer())
    coord = tf.train.Coordinator()
    threads = tf.train.start_queue_runners(sess=sess, coord=coord)
    batches = []
    try:
        while True:
            frames = sess.run(image_batch)
            batches.append([frames.astype(np.float64).tolist()])
    except tf.errors.OutOfRangeError:
        pass
    coord.request_stop()
    coord.join(threads)
    return {"batches": batches, "end": "radar frames: %d" % sum(len(b[0]) for b in batches)}

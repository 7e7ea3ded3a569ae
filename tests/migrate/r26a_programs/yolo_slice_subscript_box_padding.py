"""Round 26's YOLO shape: ``slice_input_producer([paths])[0]`` (one of the producer's tensors by index, through
``tf1 = tf.compat.v1``), the image decoded and its label file parsed by a py_func taking the path, boxes padded
per batch (``dynamic_pad``)."""
import os

import numpy as np
import tensorflow as tf

tf1 = tf.compat.v1


def parse_label_file(image_path):
    label_path = image_path.decode().replace("images", "labels").replace(".txt", ".lbl")
    boxes = np.loadtxt(label_path, dtype=np.float32, ndmin=2)
    return boxes, np.int32(boxes.shape[0])


def get_inputs(image_paths, batch_size):
    image_path = tf1.train.slice_input_producer([tf.constant(image_paths)], num_epochs=1, shuffle=False)[0]
    pixels = tf.strings.to_number(tf.strings.split(tf1.read_file(image_path)), tf.float32)
    pixels.set_shape([4])
    boxes, num_boxes = tf1.py_func(parse_label_file, [image_path], [tf.float32, tf.int32])
    boxes.set_shape([None, 5])
    num_boxes.set_shape([])
    return tf1.train.batch([pixels, boxes, num_boxes], batch_size=batch_size, dynamic_pad=True, capacity=8)


def main(data_dir):
    root = os.path.join(data_dir, "r26a_yolo")
    os.makedirs(os.path.join(root, "images"), exist_ok=True)
    os.makedirs(os.path.join(root, "labels"), exist_ok=True)
    paths = []
    for i in range(6):
        path = os.path.join(root, "images", "%03d.txt" % i)
        with open(path, "w") as f:
            f.write(" ".join(str(i * 4 + c) for c in range(4)))
        with open(os.path.join(root, "labels", "%03d.lbl" % i), "w") as f:
            for b in range(1 + i % 3):
                f.write("%d 0.%d 0.5 0.25 0.%d\n" % ((i + b) % 3, b + 1, i + 1))
        paths.append(path)
    images, boxes, num_boxes = get_inputs(paths, 2)
    batches, end = [], None
    with tf1.Session() as sess:
        sess.run(tf1.local_variables_initializer())
        coord = tf1.train.Coordinator()
        threads = tf1.train.start_queue_runners(sess=sess, coord=coord)
        try:
            for step in range(100):
                m, b, n = sess.run([images, boxes, num_boxes])
                batches.append([m.tolist(), np.round(b.astype(np.float64), 3).tolist(), n.tolist()])
        except tf.errors.OutOfRangeError:
            end = "OutOfRangeError"
        coord.request_stop()
        coord.join(threads)
    return {"batches": batches, "end": end}

"""DeepLab's evaluation over another module's reader class: `SegReader(...)` made under a name scope, its
`.image` / `.label` read unbatched (`tf.expand_dims(reader.image, 0)`), a streaming mean IoU (local variables)
updated for a known number of steps (two passes over the six images); `dequeue` is never called; the
coordinator is handed to the reader, which only stores it."""

import os

import tensorflow.compat.v1 as tf

from r21a_lib.seg_reader import SegReader

STEPS = 9


def main(data_dir):
    images = [os.path.join(data_dir, "image-%d.png" % i) for i in range(6)]
    masks = [os.path.join(data_dir, "image-%d.png" % ((i + 2) % 6)) for i in range(6)]
    coord = tf.train.Coordinator()
    with tf.name_scope("create_inputs"):
        reader = SegReader(images, masks, 0.5, coord)
        image, label = reader.image, reader.label
    image_batch = tf.expand_dims(image, 0)
    label_batch = tf.expand_dims(label, axis=0)
    pred = tf.reshape(tf.cast(image_batch > 20.0, tf.int32), [-1])
    gt = tf.reshape(tf.cast(label_batch > 40, tf.int32), [-1])
    miou, update = tf.metrics.mean_iou(labels=gt, predictions=pred, num_classes=2)
    sess = tf.Session()
    sess.run([tf.global_variables_initializer(), tf.local_variables_initializer()])
    threads = tf.train.start_queue_runners(coord=coord, sess=sess)
    batches = []
    for _ in range(STEPS):
        p, g, pixels, _ = sess.run([pred, gt, image_batch, update])
        batches.append([p.tolist(), g.tolist(), pixels[0, :, 0, 0].tolist()])
    end = round(float(miou.eval(session=sess)), 5)
    coord.request_stop()
    coord.join(threads)
    sess.close()
    return {"batches": batches, "end": end}

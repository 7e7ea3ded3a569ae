"""Land-parcel segmentation evaluation, DeepLab-ResNet style: an ImageReader object (slice_input_producer over
an image / mask list file, endless, no shuffle for validation) read one image at a time with no batch call
(`expand_dims`), a streaming `tf.metrics.mean_iou` (local variables) updated for a fixed number of steps."""

import os
import struct
import zlib

import tensorflow.compat.v1 as tf

from deeplab_lib import ImageReader
from deeplab_lib.image_reader import IMG_MEAN

IGNORE_LABEL = 255
NUM_CLASSES = 3
NUM_STEPS = 6  # Number of images in the validation set.


def _png(rows):
    raw = b"".join(b"\x00" + bytes(r) for r in rows)

    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

    header = struct.pack(">IIBBBBB", len(rows[0]), len(rows), 8, 0, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(raw)) + chunk(b"IEND", b"")


def write_masks(data_dir):
    """Masks for make_data's six images, and the list file (paths relative to DATA_DIRECTORY)."""
    folder = os.path.join(data_dir, "h21_parcels")
    os.makedirs(folder, exist_ok=True)
    lines = []
    for f in range(6):
        mask = [[IGNORE_LABEL if (r + c + f) % 7 == 0 else (r * c + f) % NUM_CLASSES for c in range(4)]
                for r in range(4)]
        with open(os.path.join(folder, "mask-%d.png" % f), "wb") as out:
            out.write(_png(mask))
        lines.append("/image-%d.png /h21_parcels/mask-%d.png" % (f, f))
    data_list = os.path.join(folder, "val.txt")
    with open(data_list, "w") as out:
        out.write("\n".join(lines) + "\n")
    return data_list


def main(data_dir):
    data_list = write_masks(data_dir)

    # Create queue coordinator.
    coord = tf.train.Coordinator()

    # Load reader.
    with tf.name_scope("create_inputs"):
        reader = ImageReader(
            data_dir,
            data_list,
            None,  # No defined input size.
            False,  # No random scale.
            False,  # No random mirror.
            IGNORE_LABEL,
            IMG_MEAN,
            coord)
        image, label = reader.image, reader.label
    image_batch, label_batch = tf.expand_dims(image, dim=0), tf.expand_dims(label, dim=0)  # Add one batch dimension.

    # "Network": a fixed rule on the mean-subtracted intensity.
    intensity = tf.reduce_mean(image_batch, axis=3, keepdims=True)
    raw_output = tf.clip_by_value(tf.cast((intensity + 110.0) // 30.0, tf.int32), 0, NUM_CLASSES - 1)

    # mIoU
    pred = tf.reshape(raw_output, [-1, ])
    gt = tf.reshape(tf.cast(label_batch, tf.int32), [-1, ])
    weights = tf.cast(tf.less_equal(gt, NUM_CLASSES - 1), tf.int32)  # Ignoring all labels greater than or equal to n_classes.
    gt = tf.where(tf.equal(weights, 1), gt, tf.zeros_like(gt))
    mIoU, update_op = tf.metrics.mean_iou(labels=gt, predictions=pred, num_classes=NUM_CLASSES, weights=weights)

    # Set up tf session and initialize variables.
    config = tf.ConfigProto()
    config.gpu_options.allow_growth = True
    sess = tf.Session(config=config)
    init = tf.global_variables_initializer()

    sess.run(init)
    sess.run(tf.local_variables_initializer())

    # Start queue threads.
    threads = tf.train.start_queue_runners(coord=coord, sess=sess)

    batches = []
    for step in range(NUM_STEPS):
        preds, labels, pixels, _ = sess.run([pred, gt, image_batch, update_op])
        batches.append([preds.tolist(), labels.tolist(), [round(float(v), 3) for v in pixels[0, 0, :, 0]]])
    end = round(float(mIoU.eval(session=sess)), 4)
    coord.request_stop()
    coord.join(threads)
    sess.close()
    return {"batches": batches, "end": end}

import csv
import os

import numpy as np
import tensorflow.compat.v1 as tf

REVIEWS = [
    ("1", "Stopped working after two days"), ("4", "Great blender, very quiet"),
    ("2", "Okay for the price"), ("0", "Arrived broken, no refund"),
    ("4", "Love the colour and the fit"), ("2", "Does what it says"),
    ("0", "Strap snapped | cheap plastic"), ("4", "Five stars, would buy again"),
    ("2", "Average battery life"), ("1", "Too small, runs narrow"),
    ("4", "Fast shipping, works perfectly"), ("2", "Fine, nothing special"),
]


def init_process(fin, fout):
    """star bucket -> three 0/1 columns, since record_defaults can't take a list"""
    outfile = open(fout, 'a')
    with open(fin, encoding='latin-1') as f:
        csvreader = csv.reader(f, quotechar='"')
        for line in csvreader:
            line[-1] = line[-1].replace('"', '')
            line[-1] = line[-1].replace("|", "  ")
            initial_polarity = line[0]
            if initial_polarity in ('0', '1'):
                initial_polarity = '1|0|0'
            elif initial_polarity == '2':
                initial_polarity = '0|1|0'
            elif initial_polarity == '4':
                initial_polarity = '0|0|1'
            review = line[-1]
            outline = initial_polarity + '|' + review + '\n'
            outfile.write(outline)
    outfile.close()


def read_record(filename_queue):
    """
    Returns:
        raw_review_op: tensorflow op that returns the review text of one record
        label_op: tensorflow op that returns the one-hot label of one record
    """
    reader = tf.TextLineReader()
    key, value = reader.read(filename_queue)
    cat1_default = tf.constant([0])
    cat2_default = tf.constant([1])
    cat3_default = tf.constant([0])
    review_default = tf.constant(['default review'])
    record_defaults = [cat1_default, cat2_default, cat3_default, review_default]
    cat1, cat2, cat3, raw_review_op = tf.decode_csv(value, record_defaults=record_defaults, field_delim='|')
    label_op = tf.stack([cat1, cat2, cat3])
    return raw_review_op, label_op


def input_pipeline(filename_queue, batch_size, num_epochs=None):
    example, label = read_record(filename_queue)
    # min_after_dequeue defines how big a buffer we will randomly sample
    #   from -- bigger means better shuffling but slower start up and more
    #   memory used.
    # capacity must be larger than min_after_dequeue and the amount larger
    #   determines the maximum we will prefetch.
    min_after_dequeue = 6
    capacity = min_after_dequeue + 3 * batch_size
    example_batch, label_batch = tf.train.shuffle_batch([example, label], batch_size=batch_size, capacity=capacity,
                                                        min_after_dequeue=min_after_dequeue, seed=41)
    return example_batch, label_batch


def main(data_dir):
    folder = os.path.join(data_dir, "h41_product_reviews")
    os.makedirs(folder, exist_ok=True)
    raw = os.path.join(folder, "reviews_raw.csv")
    with open(raw, "w", newline="") as f:
        w = csv.writer(f)
        for stars, text in REVIEWS:
            w.writerow([stars, "r%02d" % len(text), text])
    out = os.path.join(folder, "test_data.csv")
    if os.path.exists(out):
        os.remove(out)
    init_process(raw, out)

    filename_queue = tf.train.string_input_producer([out], num_epochs=1)
    feature_op, label_op = input_pipeline(filename_queue, 4, num_epochs=1)
    batches = []
    count = 0
    try:
        with tf.Session() as sess:
            sess.run(tf.global_variables_initializer())
            sess.run(tf.local_variables_initializer())
            coord = tf.train.Coordinator()
            threads = tf.train.start_queue_runners(coord=coord)
            while not coord.should_stop():
                features, labels = sess.run([feature_op, label_op])
                batches.append([[str(x, 'utf-8') for x in features], labels.tolist()])
                count += 1
    except tf.errors.OutOfRangeError:
        end = "Done training, epoch reached after %d batches" % count
    finally:
        coord.request_stop()
    coord.join(threads)
    return {"batches": batches, "end": end}

"""Legal documents in one folder per category, found by os.walk: each work item of the producer packs
"label<TAB>path" into one string; after a dequeue by hand it is split by decode_csv, the file read with
read_file, words counted; two batching threads."""

import os

import tensorflow.compat.v1 as tf

CATEGORIES = ["contract", "statute", "tort"]
WORDS = ["party", "shall", "liable", "damages", "court", "section", "hereby", "notice", "breach", "duty"]


def write_documents(root):
    for c, category in enumerate(CATEGORIES):
        folder = os.path.join(root, category)
        os.makedirs(folder, exist_ok=True)
        for d in range(4 + c):
            n_words = 5 + (d * 3 + c) % 9
            text = " ".join(WORDS[(d + k * (c + 1)) % len(WORDS)] for k in range(n_words))
            with open(os.path.join(folder, "doc_%02d.txt" % d), "w") as f:
                f.write(text + "\n")


def list_documents(root):
    items = []
    for dirpath, dirnames, filenames in os.walk(root):
        dirnames.sort()
        category = os.path.basename(dirpath)
        if category not in CATEGORIES:
            continue
        for name in sorted(filenames):
            items.append("%d\t%s" % (CATEGORIES.index(category), os.path.join(dirpath, name)))
    return items


def document_batches(items, batch_size=4):
    queue = tf.train.string_input_producer(items, num_epochs=2, shuffle=True, seed=41)
    item = queue.dequeue()
    label, path = tf.decode_csv(item, [[0], [""]], field_delim="\t")
    text = tf.strings.strip(tf.read_file(path))
    words = tf.string_split([text], delimiter=" ").values
    n_words = tf.size(words)
    n_duty = tf.reduce_sum(tf.cast(tf.equal(words, "duty"), tf.int32))
    name = tf.strings.regex_replace(path, r"^.*/([a-z]+)/(doc_\d+)\.txt$", r"\1/\2")
    return tf.train.batch([name, label, n_words, n_duty], batch_size=batch_size, num_threads=2,
                          capacity=24, allow_smaller_final_batch=True)


def main(data_dir):
    root = os.path.join(data_dir, "h20_statutes")
    write_documents(root)
    batch = document_batches(list_documents(root))
    batches = []
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while not coord.should_stop():
                names, labels, n_words, n_duty = sess.run(batch)
                batches.append([[n.decode() for n in names], labels.tolist(), n_words.tolist(), n_duty.tolist()])
        except tf.errors.OutOfRangeError:
            pass
        finally:
            coord.request_stop()
            coord.join(threads)
    return {"batches": batches, "end": sum(len(b[0]) for b in batches)}

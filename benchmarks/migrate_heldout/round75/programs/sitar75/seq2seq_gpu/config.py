# create by writer: settings shared by the raga phrase tagger
class NerSetting(object):
    max_document_length = 4
    test_data_path = None
    train_data_path = None


ner_setting = NerSetting()

import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { MAX_KEYWORD_LIST, MAX_LENGTH, parseKeywordText } from '@gemstock/contract';
import { Button, Empty, Flex, Input, List, Space, Typography } from 'antd';
import { useState } from 'react';
import { notify } from '@/lib/notify';

interface KeywordListEditorProps {
  /** The saved list; editing starts from it again whenever it changes. */
  saved: string[];
  saving: boolean;
  onSave: (keywords: string[]) => void;
  emptyText: string;
}

/** An ordered list of keywords: add, remove, move up and down, then save the whole list. */
export function KeywordListEditor({ saved, saving, onSave, emptyText }: KeywordListEditorProps) {
  const [draft, setDraft] = useState<string[]>(saved);
  const [basis, setBasis] = useState<string[]>(saved);
  const [input, setInput] = useState('');
  // A new saved list (after saving, or from the server) replaces the draft.
  if (basis !== saved) {
    setBasis(saved);
    setDraft(saved);
  }
  const dirty = JSON.stringify(draft) !== JSON.stringify(saved);

  // Nothing typed is dropped without a word: a word too long, or more words than the list
  // holds, keeps the input as typed and says what to change.
  const add = () => {
    const words = [...new Set(parseKeywordText(input))].filter((w) => !draft.includes(w));
    const tooLong = words.find((w) => w.length > MAX_LENGTH.keyword);
    if (tooLong !== undefined) {
      notify.warning(`关键词不能超过 ${MAX_LENGTH.keyword} 个字符：${tooLong.slice(0, 12)}…`);
      return;
    }
    if (draft.length + words.length > MAX_KEYWORD_LIST) {
      notify.warning(`最多 ${MAX_KEYWORD_LIST} 个关键词，还能添加 ${MAX_KEYWORD_LIST - draft.length} 个`);
      return;
    }
    if (words.length > 0) setDraft([...draft, ...words]);
    setInput('');
  };
  const move = (index: number, by: -1 | 1) => {
    const next = [...draft];
    const [item] = next.splice(index, 1);
    next.splice(index + by, 0, item!);
    setDraft(next);
  };

  return (
    <Flex vertical gap={12}>
      <Space.Compact style={{ width: '100%' }}>
        <Input
          value={input}
          onChange={(e) => setInput(e.target.value)}
          onPressEnter={add}
          placeholder="输入关键词，多个用逗号分隔，回车添加"
        />
        <Button icon={<PlusOutlined />} onClick={add} disabled={!input.trim()}>
          添加
        </Button>
      </Space.Compact>
      <List
        bordered
        size="small"
        dataSource={draft}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={emptyText} /> }}
        renderItem={(keyword, index) => (
          <List.Item
            actions={[
              <Button
                key="up"
                type="text"
                size="small"
                icon={<ArrowUpOutlined />}
                disabled={index === 0}
                onClick={() => move(index, -1)}
                aria-label={`上移 ${keyword}`}
              />,
              <Button
                key="down"
                type="text"
                size="small"
                icon={<ArrowDownOutlined />}
                disabled={index === draft.length - 1}
                onClick={() => move(index, 1)}
                aria-label={`下移 ${keyword}`}
              />,
              <Button
                key="remove"
                type="text"
                size="small"
                danger
                icon={<DeleteOutlined />}
                onClick={() => setDraft(draft.filter((_, i) => i !== index))}
                aria-label={`删除 ${keyword}`}
              />,
            ]}
          >
            <Space>
              <Typography.Text type="secondary" style={{ width: 24, display: 'inline-block', textAlign: 'right' }}>
                {index + 1}
              </Typography.Text>
              <Typography.Text>{keyword}</Typography.Text>
            </Space>
          </List.Item>
        )}
      />
      <Flex justify="space-between" align="center">
        <Typography.Text type="secondary">
          {draft.length} / {MAX_KEYWORD_LIST}
          {dirty && '，有未保存的修改'}
        </Typography.Text>
        <Space>
          <Button disabled={!dirty} onClick={() => setDraft(saved)}>
            撤销修改
          </Button>
          <Button type="primary" disabled={!dirty} loading={saving} onClick={() => onSave(draft)}>
            保存
          </Button>
        </Space>
      </Flex>
    </Flex>
  );
}
